import type { SelectHTMLAttributes } from 'react';

import { cn } from '@/lib/utils';
import { LANGUAGE_LABELS, LANGUAGE_NAMES, LANGUAGES } from '@shared/i18n/languages';

interface LanguageSelectProps extends Omit<SelectHTMLAttributes<HTMLSelectElement>, 'value' | 'onChange'> {
  value: string | null | undefined;
  onChange: (language: string) => void;
  /** The first option's words when "none" is allowed ('' = the next source decides); omit to require one. */
  emptyLabel?: string;
}

/**
 * The customer languages (shared/i18n), named in English and in their own words ("German · Deutsch"): the
 * phone's own picker, so it works at 375 px and by keyboard without loading the app's select.
 */
export function LanguageSelect({ value, onChange, emptyLabel, className, ...props }: LanguageSelectProps) {
  return (
    <select
      {...props}
      value={value ?? ''}
      onChange={(event) => onChange(event.target.value)}
      className={cn(
        'flex h-10 w-full rounded-md border border-input bg-background px-3 text-sm shadow-sm focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-1 disabled:cursor-not-allowed disabled:opacity-50 aria-[invalid=true]:border-destructive',
        className,
      )}
    >
      {emptyLabel !== undefined && <option value="">{emptyLabel}</option>}
      {LANGUAGES.map((language) => (
        <option key={language} value={language} lang={language}>
          {language === 'en'
            ? LANGUAGE_LABELS.en
            : `${LANGUAGE_LABELS[language]} · ${LANGUAGE_NAMES[language]}`}
        </option>
      ))}
    </select>
  );
}
