import { LANGUAGE_NAMES, LANGUAGES, type Language } from '@shared/i18n/languages';

import { GlobeIcon } from './icons';

interface LanguageSwitchProps {
  value: Language;
  /** "Language" in the language shown. */
  label: string;
  onChange: (language: string) => void;
}

/**
 * The customer's choice of language: the phone's own picker (large, keyboard and screen-reader friendly, no
 * script of ours), each language in its own words, so a German reader finds "Deutsch" on an Arabic page.
 */
export function LanguageSwitch({ value, label, onChange }: LanguageSwitchProps) {
  return (
    <label className="relative flex shrink-0 items-center">
      <span className="sr-only">{label}</span>
      <GlobeIcon
        className="pointer-events-none absolute start-2 size-4 text-muted-foreground"
        aria-hidden="true"
      />
      <select
        value={value}
        onChange={(event) => onChange(event.target.value)}
        className="h-11 appearance-none rounded-md border border-input bg-background pe-3 ps-8 text-sm shadow-sm focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-1"
      >
        {LANGUAGES.map((language) => (
          <option key={language} value={language} lang={language}>
            {LANGUAGE_NAMES[language]}
          </option>
        ))}
      </select>
    </label>
  );
}
