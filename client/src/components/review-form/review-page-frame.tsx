import type { ReactNode } from 'react';

import { useCustomerT } from '@/lib/customer-i18n';
import { cn } from '@/lib/utils';
import { directionOf } from '@shared/i18n/languages';

import { LanguageSwitch } from './language-switch';

interface ReviewPageFrameProps {
  businessName: string;
  locationName?: string;
  children: ReactNode;
  /** Inside the app (the preview): no <main> landmark and no second h1. */
  embedded?: boolean;
  /** Offers the customer the other languages; the choice is theirs to make (shared/i18n). */
  onLanguageChange?: (language: string) => void;
}

/** The customer's page around the form: who is asking, then one card. Phone first. */
export function ReviewPageFrame({
  businessName,
  locationName,
  children,
  embedded,
  onLanguageChange,
}: ReviewPageFrameProps) {
  const { t, language } = useCustomerT();
  const Root = embedded ? 'div' : 'main';
  const Title = embedded ? 'p' : 'h1';
  const initial = businessName.trim().charAt(0).toUpperCase() || '★';
  const showLocation = locationName && locationName.trim() !== businessName.trim();

  return (
    <Root
      lang={language}
      dir={directionOf(language)}
      className={cn(
        'bg-muted/40 px-4 pb-10 pt-6 text-foreground sm:pt-12',
        embedded ? 'rounded-xl border' : 'min-h-dvh',
      )}
    >
      <div className="mx-auto w-full max-w-md">
        <header className="mb-5 flex items-center gap-3">
          <div
            aria-hidden="true"
            className="grid size-12 shrink-0 place-items-center rounded-full bg-primary text-lg font-bold text-primary-foreground"
          >
            {initial}
          </div>
          <div className="min-w-0 flex-1">
            <Title className="truncate text-lg font-semibold leading-tight">{businessName}</Title>
            {showLocation && <p className="truncate text-sm text-muted-foreground">{locationName}</p>}
          </div>
          {onLanguageChange && (
            <LanguageSwitch value={language} label={t('language')} onChange={onLanguageChange} />
          )}
        </header>
        <section className="rounded-2xl border bg-card p-5 text-card-foreground shadow-sm sm:p-7">
          {children}
        </section>
        <footer className="mt-6 text-center text-xs text-muted-foreground">
          {t('frame.feedbackGoesTo', { business: businessName })}{' '}
          <a href="/privacy-policy" className="underline underline-offset-2 hover:text-foreground">
            {t('frame.privacy')}
          </a>
        </footer>
      </div>
    </Root>
  );
}
