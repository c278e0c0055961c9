import type { Language } from '@shared/i18n/languages';

const MB = 1024 * 1024;

/** "12.5 MB", "12,5 Mo", "800 KB": sizes as a customer reads them in their language (Intl). */
export function formatBytes(bytes: number, language: Language = 'en'): string {
  const mb = bytes / MB;
  return bytes >= MB
    ? new Intl.NumberFormat(language, {
        style: 'unit',
        unit: 'megabyte',
        maximumFractionDigits: mb >= 10 ? 0 : 1,
      }).format(mb)
    : new Intl.NumberFormat(language, { style: 'unit', unit: 'kilobyte', maximumFractionDigits: 0 }).format(
        Math.max(1, Math.round(bytes / 1024)),
      );
}

/** "1:05", in the language's digits. */
export function formatSeconds(total: number, language: Language = 'en'): string {
  const s = Math.max(0, Math.floor(total));
  const digits = (n: number, minimumIntegerDigits = 1) =>
    new Intl.NumberFormat(language, { minimumIntegerDigits, useGrouping: false }).format(n);
  return `${digits(Math.floor(s / 60))}:${digits(s % 60, 2)}`;
}
