import {
  getCountries,
  isSupportedCountry,
  parsePhoneNumberFromString,
  type CountryCode,
} from 'libphonenumber-js';

/**
 * Phone numbers are stored in E.164 (`+447700900123`), the form Twilio's Messages API and WhatsApp
 * addresses expect. Numbers typed without a country code are read in `defaultCountry`.
 */
export type { CountryCode };

export const DEFAULT_PHONE_COUNTRY: CountryCode = 'US';

/** The countries offered first in pickers; every country libphonenumber knows is accepted. */
export const COMMON_PHONE_COUNTRIES: { code: CountryCode; name: string }[] = [
  { code: 'US', name: 'United States' },
  { code: 'GB', name: 'United Kingdom' },
  { code: 'CA', name: 'Canada' },
  { code: 'AU', name: 'Australia' },
  { code: 'NZ', name: 'New Zealand' },
  { code: 'IE', name: 'Ireland' },
  { code: 'IN', name: 'India' },
  { code: 'ZA', name: 'South Africa' },
  { code: 'DE', name: 'Germany' },
  { code: 'FR', name: 'France' },
  { code: 'ES', name: 'Spain' },
  { code: 'IT', name: 'Italy' },
  { code: 'NL', name: 'Netherlands' },
  { code: 'BR', name: 'Brazil' },
  { code: 'MX', name: 'Mexico' },
];

export function isPhoneCountry(value: string): value is CountryCode {
  return isSupportedCountry(value);
}

export const PHONE_COUNTRIES: readonly CountryCode[] = /* @__PURE__ */ getCountries();

/** The number in E.164, or null when it is not a valid phone number. */
export function normalizePhone(
  input: string,
  defaultCountry: CountryCode = DEFAULT_PHONE_COUNTRY,
): string | null {
  const text = input.trim();
  if (!text || text.length > 40) return null;
  const parsed = parsePhoneNumberFromString(text, defaultCountry);
  return parsed && parsed.isValid() ? parsed.number : null;
}

/** A stored E.164 number for display, e.g. '+1 213 373 4253'. */
export function formatPhone(e164: string | null | undefined): string {
  if (!e164) return '';
  const parsed = parsePhoneNumberFromString(e164);
  return parsed ? parsed.formatInternational() : e164;
}
