import { getCountry, getTimezone, type CountryCode as ZoneCountry } from 'countries-and-timezones';
import { parsePhoneNumberFromString } from 'libphonenumber-js';
import { isTimeZone } from '@shared/schemas/request-settings';

/**
 * The time zone of a phone number's country, when the whole country keeps one clock: +44 is Europe/London,
 * +49 Europe/Berlin (its Büsingen enclave shares Zurich's clock, which is Berlin's); +1 (the US or Canada),
 * +34 (Spain and the Canaries) and +61 have several, so null. libphonenumber-js knows the country of a valid
 * number but nothing of zones; countries-and-timezones knows each country's zones.
 */
export function phoneTimeZone(phone: string | null | undefined): string | null {
  if (!phone) return null;
  const country = parsePhoneNumberFromString(phone)?.country;
  if (!country) return null;
  const zones = (getCountry(country as ZoneCountry)?.timezones ?? []).map((name) => getTimezone(name)!);
  const first = zones[0];
  if (!first || zones.some((z) => z.utcOffset !== first.utcOffset || z.dstOffset !== first.dstOffset))
    return null;
  // The zone named for this country (Berlin, not Zurich, for Germany), else the first of the same clock.
  const zone = (zones.find((z) => z.countries[0] === country) ?? first).name;
  return isTimeZone(zone) ? zone : null;
}
