import { useEffect, useRef, useState, type SVGProps } from 'react';

import { buttonVariants } from '@/components/ui/button';
import { useCustomerT } from '@/lib/customer-i18n';
import { cn } from '@/lib/utils';

import { CheckIcon, FacebookLogo, GoogleLogo, StarIcon } from './icons';
import type { ReviewLinks } from './types';

interface ThankYouProps {
  businessName: string;
  contactFirstName?: string | null;
  reviewLinks: ReviewLinks;
  rating?: number | null;
  /** What the customer wrote: copied for them to paste on the site they choose. */
  text?: string;
  alreadySubmitted?: boolean;
  preview?: boolean;
}

interface Site {
  name: string;
  href: string;
  Logo: (props: SVGProps<SVGSVGElement>) => React.JSX.Element;
}

/** Puts the text on the clipboard; answers whether it could (an old browser or a refused permission cannot). */
async function copyText(text: string): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    return false;
  }
}

/**
 * After a review, whatever its rating: every customer is offered the public review sites, Google first, in the
 * same words and order (asking only happy customers would be review gating, against Google's policy and the
 * FTC's rule; PRODUCT.md section 7). Their text is copied first, so posting is a paste.
 */
export function ThankYou({
  businessName,
  contactFirstName,
  reviewLinks,
  rating,
  text,
  alreadySubmitted,
  preview,
}: ThankYouProps) {
  const { t } = useCustomerT();
  const headingRef = useRef<HTMLHeadingElement>(null);
  useEffect(() => headingRef.current?.focus(), []);
  const [copied, setCopied] = useState<'yes' | 'no' | null>(null);
  const toCopy = text?.trim() ?? '';

  const sites = [
    { name: 'Google', href: reviewLinks.google, Logo: GoogleLogo },
    { name: 'Facebook', href: reviewLinks.facebook, Logo: FacebookLogo },
  ].filter((site): site is Site => Boolean(site.href));

  return (
    <div className="flex flex-col items-center text-center">
      <div className="grid size-14 place-items-center rounded-full bg-emerald-100 text-emerald-700 dark:bg-emerald-900/40 dark:text-emerald-300">
        <CheckIcon className="size-8" />
      </div>
      <h2 ref={headingRef} tabIndex={-1} className="mt-4 text-2xl font-bold tracking-tight outline-none">
        {!alreadySubmitted && contactFirstName
          ? t('thankYou.thanksName', { name: contactFirstName })
          : t('thankYou.thanks')}
      </h2>
      <p className="mt-2 text-muted-foreground">
        {alreadySubmitted
          ? t('thankYou.alreadyReceived', { business: businessName })
          : t('thankYou.sent', { business: businessName })}
      </p>
      {rating ? (
        <div className="mt-3 flex gap-0.5" role="img" aria-label={t('thankYou.youRated', { count: rating })}>
          {[1, 2, 3, 4, 5].map((n) => (
            <StarIcon
              key={n}
              className={cn(
                'size-6',
                n <= rating
                  ? 'fill-amber-400 stroke-amber-500'
                  : 'fill-transparent stroke-muted-foreground/60',
              )}
            />
          ))}
        </div>
      ) : null}

      {sites.length > 0 && (
        <div className="mt-6 w-full border-t pt-6">
          <p className="font-medium">{t('thankYou.sharePublicly')}</p>
          <p className="mt-1 text-sm text-muted-foreground">
            {t('thankYou.honestHelps')}
            {toCopy ? ` ${t('thankYou.weCopyFirst')}` : ''}
          </p>
          <div className="mt-4 flex flex-col gap-2">
            {sites.map((site, i) => (
              <a
                key={site.name}
                href={site.href}
                target="_blank"
                rel="noopener noreferrer"
                onClick={() => {
                  if (toCopy) void copyText(toCopy).then((ok) => setCopied(ok ? 'yes' : 'no'));
                }}
                className={cn(
                  buttonVariants({ variant: i === 0 ? 'default' : 'outline', size: 'lg' }),
                  'min-h-12 w-full',
                )}
              >
                <span className="grid size-6 place-items-center rounded-full bg-white">
                  <site.Logo className="size-4" />
                </span>
                {t('thankYou.postOn', { site: site.name })}
                <span className="sr-only"> {t('thankYou.opensInNewTab')}</span>
              </a>
            ))}
          </div>
          <p role="status" className="mt-3 min-h-5 text-sm text-muted-foreground">
            {copied === 'yes' ? t('thankYou.copied') : copied === 'no' ? t('thankYou.notCopied') : ''}
          </p>
          {copied === 'no' ? (
            <p className="select-all rounded-md border p-3 text-start text-sm">{toCopy}</p>
          ) : null}
        </div>
      )}

      {preview && (
        <p className="mt-6 w-full rounded-md border border-amber-300 bg-amber-50 px-3 py-2 text-sm font-medium text-amber-900 dark:border-amber-700 dark:bg-amber-950/50 dark:text-amber-200">
          {t('thankYou.preview')}
        </p>
      )}
    </div>
  );
}
