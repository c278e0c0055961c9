import { z } from 'zod';
import { IdSchema } from './domain';
import { RESPONSE_MAX } from './reviews';
import { PROVIDERS, GOOGLE_LOCATION_NAME_PATTERN } from '../integrations';

export * from '../integrations';

export const ProviderSchema = z.enum(PROVIDERS, { error: 'Unknown provider: use google or facebook' });

export const ProviderParamsSchema = z.object({ provider: ProviderSchema });

/** `?locationId=`: which of the client's locations to connect; optional when the client has only one. */
export const ConnectQuerySchema = z.object({ locationId: /* @__PURE__ */ IdSchema.optional() });
export type ConnectQuery = z.infer<typeof ConnectQuerySchema>;

/** `?locationId=` on disconnect: without it, every location of the client is disconnected. */
export const DisconnectQuerySchema = ConnectQuerySchema;

/** What the provider sends back to the OAuth redirect URI (RFC 6749 section 4.1.2). */
export const OAuthCallbackQuerySchema = z.object({
  code: z.string().max(4096).optional(),
  state: z.string().max(4096).optional(),
  error: z.string().max(200).optional(),
});
export type OAuthCallbackQuery = z.infer<typeof OAuthCallbackQuerySchema>;

/** A reply posted on the review site (seed-spec section 7: `reply`). */
export const IntegrationReplySchema = z.object({
  reply: z
    .string({ error: 'Please enter a response' })
    .trim()
    .min(1, { error: 'Please enter a response' })
    .max(RESPONSE_MAX, { error: `Responses are limited to ${RESPONSE_MAX} characters` }),
});
export type IntegrationReplyInput = z.infer<typeof IntegrationReplySchema>;

/** POST /api/integrations/google/link: link one of the client's locations to one of the Google account's. */
export const LinkGoogleLocationSchema = z.object({
  locationId: IdSchema,
  googleLocationId: z
    .string({ error: 'Choose a Google location' })
    .regex(GOOGLE_LOCATION_NAME_PATTERN, { error: 'Choose a Google location' }),
});
export type LinkGoogleLocationInput = z.infer<typeof LinkGoogleLocationSchema>;
