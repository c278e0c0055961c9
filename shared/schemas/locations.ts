import { z } from 'zod';
import { optionalTimeZone } from './request-settings';
import { optionalLanguageField } from './language';
import type { Language } from '../i18n/languages';

// Locations (PRODUCT.md section 4): the places a client collects reviews for.

/** Postgres text cannot hold U+0000; refusing it in the schema keeps such input a 400, never a database error. */
export const hasNoNul = (value: string) => !value.includes('\u0000');
export const LOCATION_NAME_MIN = 2;
export const LOCATION_NAME_MAX = 100;
export const ADDRESS_MAX = 300;
export const URL_MAX = 2000;

export const LOCATION_MESSAGES = {
  name: `Location name must be at least ${LOCATION_NAME_MIN} characters.`,
  nameTooLong: `Location name must be at most ${LOCATION_NAME_MAX} characters.`,
  address: `Address must be at most ${ADDRESS_MAX} characters.`,
  httpsUrl: 'Please enter a full https:// link',
  placeId: 'Google Place ID must be at most 200 characters.',
} as const;

/** '' or null clears it; anything else must be an https URL (review links go to customers). */
function optionalHttpsUrl() {
  return z
    .string({ error: LOCATION_MESSAGES.httpsUrl })
    .trim()
    .max(URL_MAX, { error: LOCATION_MESSAGES.httpsUrl })
    .nullish()
    .transform((value, ctx) => {
      if (!value) return null;
      let url: URL;
      try {
        url = new URL(value);
      } catch {
        ctx.addIssue({ code: 'custom', message: LOCATION_MESSAGES.httpsUrl });
        return z.NEVER;
      }
      if (url.protocol !== 'https:' || !url.hostname.includes('.')) {
        ctx.addIssue({ code: 'custom', message: LOCATION_MESSAGES.httpsUrl });
        return z.NEVER;
      }
      return url.toString();
    });
}

const nameField = z
  .string({ error: LOCATION_MESSAGES.name })
  .trim()
  .min(LOCATION_NAME_MIN, { error: LOCATION_MESSAGES.name })
  .max(LOCATION_NAME_MAX, { error: LOCATION_MESSAGES.nameTooLong })
  .refine(hasNoNul, { error: LOCATION_MESSAGES.name });

const addressField = z
  .string({ error: LOCATION_MESSAGES.address })
  .trim()
  .max(ADDRESS_MAX, { error: LOCATION_MESSAGES.address })
  .refine(hasNoNul, { error: LOCATION_MESSAGES.address })
  .nullish()
  .transform((value) => value ?? '');

const placeIdField = z
  .string({ error: LOCATION_MESSAGES.placeId })
  .trim()
  .max(200, { error: LOCATION_MESSAGES.placeId })
  .refine(hasNoNul, { error: LOCATION_MESSAGES.placeId })
  .nullish()
  .transform((value) => value || null);

export const LocationFormSchema = z.object({
  name: nameField,
  address: /* @__PURE__ */ addressField.default(''),
  googlePlaceId: placeIdField,
  googleReviewUrl: /* @__PURE__ */ optionalHttpsUrl(),
  facebookPageUrl: /* @__PURE__ */ optionalHttpsUrl(),
  /** Quiet hours of this location's customers whose own time zone is unknown. */
  timeZone: optionalTimeZone,
  /** What this location's customers read when their contact names no language; null: their browser's. */
  defaultLanguage: /* @__PURE__ */ optionalLanguageField.default(null),
});
export type LocationFormInput = z.input<typeof LocationFormSchema>;
export type LocationFormValues = z.output<typeof LocationFormSchema>;

export const CreateLocationSchema = LocationFormSchema;

export const UpdateLocationSchema = z.object({
  name: /* @__PURE__ */ nameField.optional(),
  address: /* @__PURE__ */ addressField.optional(),
  googlePlaceId: /* @__PURE__ */ placeIdField.optional(),
  googleReviewUrl: /* @__PURE__ */ optionalHttpsUrl().optional(),
  facebookPageUrl: /* @__PURE__ */ optionalHttpsUrl().optional(),
  timeZone: /* @__PURE__ */ optionalTimeZone.optional(),
  defaultLanguage: /* @__PURE__ */ optionalLanguageField.optional(),
});
export type UpdateLocationInput = z.output<typeof UpdateLocationSchema>;

/**
 * A location as the API answers it (seed-spec section 3 plus PRODUCT.md section 4). `googleAccessToken`
 * is never the token: 'connected' when one is stored, else null.
 */
export interface Location {
  id: number;
  name: string;
  address: string;
  googlePlaceId: string | null;
  googleReviewUrl: string | null;
  facebookPageUrl: string | null;
  timeZone: string | null;
  defaultLanguage: Language | null;
  googleAccessToken: 'connected' | null;
  googleLocationId: string | null;
  facebookConnected: boolean;
  publicLink: string;
  publicUrl: string;
  /**
   * What its customers are offered after rating (PRODUCT.md section 7): the link typed by hand, else the one
   * its Google or Facebook connection gave; null when it has neither.
   */
  publicReviewLinks: PublicReviewLinks;
  createdAt: string;
}

export interface PublicReviewLinks {
  google: string | null;
  facebook: string | null;
}

/** A link typed by hand wins; else the connection's (Google's review link, the Page's reviews tab). */
export function publicReviewLinksOf(location: {
  googleReviewUrl: string | null;
  facebookPageUrl: string | null;
  googleConnectedReviewUrl: string | null;
  facebookConnectedReviewUrl: string | null;
}): PublicReviewLinks {
  return {
    google: location.googleReviewUrl || location.googleConnectedReviewUrl || null,
    facebook: location.facebookPageUrl || location.facebookConnectedReviewUrl || null,
  };
}
