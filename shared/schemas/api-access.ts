import { z } from 'zod';
import { API_ERROR_CODES } from './api-error';
import { CHANNELS } from './domain';
import { contactNameField, optionalEmailField, optionalPhoneField } from './contacts';
import { hasNoNul } from './locations';
import {
  WEBHOOK_ENDPOINTS_MAX,
  WEBHOOK_EVENTS,
  WEBHOOK_URL_MAX,
  type WebhookDeliveryEvent,
  type WebhookEvent,
} from '../webhooks';
import { LanguageSchema } from './language';

export * from '../webhooks';

// The public API (issue 16, part 3): API keys, POST /api/v1/review-requests and outgoing webhooks.
// The route validates with these schemas and the OpenAPI document is generated from the same objects.

/** Every key starts with this, so a leaked one is recognisable (secret scanners, logs). */
export const API_KEY_PREFIX = 'rvf_';
/** How many characters after the prefix stay visible in the list, e.g. rvf_AbCd1234… */
export const API_KEY_VISIBLE_CHARS = 8;
export const API_KEY_NAME_MAX = 100;
export const API_KEYS_MAX = 20;

export const API_KEY_MESSAGES = {
  name: 'Please enter a name for the key',
  nameTooLong: `The name must be at most ${API_KEY_NAME_MAX} characters`,
  tooMany: `You can have at most ${API_KEYS_MAX} active API keys. Revoke one you no longer use.`,
  notFound: 'API key not found',
  missing: 'Send your API key as "Authorization: Bearer <key>".',
  invalid: 'This API key is not valid or was revoked.',
} as const;

export const CreateApiKeySchema = z.object({
  name: z
    .string({ error: API_KEY_MESSAGES.name })
    .trim()
    .min(1, { error: API_KEY_MESSAGES.name })
    .max(API_KEY_NAME_MAX, { error: API_KEY_MESSAGES.nameTooLong })
    .refine(hasNoNul, { error: API_KEY_MESSAGES.name }),
});
export type CreateApiKeyInput = z.infer<typeof CreateApiKeySchema>;

/** An API key as the list shows it: never the key itself, which is shown once when created. */
export interface ApiKey {
  id: number;
  name: string;
  /** The visible start of the key, e.g. `rvf_AbCd1234`. */
  prefix: string;
  lastUsedAt: string | null;
  revokedAt: string | null;
  createdAt: string;
}

/** POST /api/api-keys: the new key's row and, this once, the full key. */
export interface CreatedApiKey extends ApiKey {
  key: string;
}

// POST /api/v1/review-requests

export const IDEMPOTENCY_KEY_MAX = 255;
export const IDEMPOTENCY_MESSAGES = {
  invalid: `The Idempotency-Key header must be 1 to ${IDEMPOTENCY_KEY_MAX} visible ASCII characters.`,
  reused: 'This Idempotency-Key was already used with a different request body.',
  inProgress: 'A request with this Idempotency-Key is still being processed. Try again in a moment.',
} as const;

export const API_REQUEST_MESSAGES = {
  emailOrPhone: 'Please give the customer an email or a phone number',
  channelAddress: 'The chosen channel needs an address: email for email, phone for SMS and WhatsApp',
  noLocation: 'Add a location in Settings before sending review requests.',
} as const;

/** The API's create-a-request body. */
export const ApiReviewRequestSchema = z
  .strictObject({
    name: /* @__PURE__ */ contactNameField.meta({
      description: "The customer's name, as the message greets them.",
    }),
    email: /* @__PURE__ */ optionalEmailField.meta({ description: "The customer's email address." }),
    phone: /* @__PURE__ */ optionalPhoneField.meta({
      description: "The customer's phone number; E.164 (+447700900123) or a US number.",
    }),
    channel: z
      .enum(CHANNELS)
      .optional()
      .meta({ description: 'How to send; by default email when an email is given, otherwise SMS.' }),
    locationId: z
      .int()
      .positive()
      .max(2_147_483_647)
      .optional()
      .meta({ description: "One of the business's locations; by default its first." }),
    templateId: z
      .int()
      .positive()
      .max(2_147_483_647)
      .optional()
      .meta({
        description:
          "A template of the chosen channel; by default the channel's default template in the customer's language.",
      }),
    language: /* @__PURE__ */ LanguageSchema.optional().meta({
      description:
        "The customer's language (en, es, fr, de, pt, it, nl or ar), kept on their contact: their message and " +
        "review page use it. Without it, the contact's own, else the location's default, else their browser's.",
    }),
  })
  .superRefine((value, ctx) => {
    if (!value.email && !value.phone)
      ctx.addIssue({ code: 'custom', message: API_REQUEST_MESSAGES.emailOrPhone, path: ['email'] });
    else if (value.channel && (value.channel === 'email' ? !value.email : !value.phone))
      ctx.addIssue({ code: 'custom', message: API_REQUEST_MESSAGES.channelAddress, path: ['channel'] });
  })
  .meta({ id: 'CreateReviewRequest' });
export type ApiReviewRequestInput = z.output<typeof ApiReviewRequestSchema>;

/** What the API answers for a created request. */
export const ApiReviewRequestResultSchema = z
  .object({
    id: z.int(),
    status: z.string().meta({ description: 'queued, sent, outbox, ... (the request list shows the same).' }),
    channel: z.enum(CHANNELS),
    contactId: z.int(),
    contactCreated: z.boolean().meta({ description: 'True when no contact had this email or phone yet.' }),
    locationId: z.int(),
    createdAt: z.string(),
  })
  .meta({ id: 'ReviewRequest' });
export type ApiReviewRequestResult = z.infer<typeof ApiReviewRequestResultSchema>;

export const ApiErrorSchema = z
  .object({
    message: z.string(),
    // Built here, not imported: a reference to api-error's schema would pull zod into the app's first load,
    // where api-error.ts lives for the API client (issue 13).
    code: z.enum(API_ERROR_CODES),
    details: z.record(z.string(), z.array(z.string())).optional(),
  })
  .meta({ id: 'Error' });

// Outgoing webhooks

export const WEBHOOK_MESSAGES = {
  url: 'Please enter the URL that should receive the events',
  urlTooLong: `The URL must be at most ${WEBHOOK_URL_MAX} characters`,
  events: 'Choose at least one event',
  tooMany: `You can have at most ${WEBHOOK_ENDPOINTS_MAX} webhook endpoints.`,
  notFound: 'Webhook endpoint not found',
} as const;

export const CreateWebhookEndpointSchema = z.object({
  url: z
    .string({ error: WEBHOOK_MESSAGES.url })
    .trim()
    .min(1, { error: WEBHOOK_MESSAGES.url })
    .max(WEBHOOK_URL_MAX, { error: WEBHOOK_MESSAGES.urlTooLong })
    .refine(hasNoNul, { error: WEBHOOK_MESSAGES.url }),
  events: z
    .array(z.enum(WEBHOOK_EVENTS, { error: WEBHOOK_MESSAGES.events }), { error: WEBHOOK_MESSAGES.events })
    .min(1, { error: WEBHOOK_MESSAGES.events })
    .max(WEBHOOK_EVENTS.length)
    .transform((events) => [...new Set(events)]),
});
export type CreateWebhookEndpointInput = z.infer<typeof CreateWebhookEndpointSchema>;
export type CreateWebhookEndpointForm = z.input<typeof CreateWebhookEndpointSchema>;

export interface WebhookEndpoint {
  id: number;
  url: string;
  events: WebhookEvent[];
  createdAt: string;
  disabledAt: string | null;
}

/** POST /api/webhooks: the endpoint and, this once, its signing secret. */
export interface CreatedWebhookEndpoint extends WebhookEndpoint {
  secret: string;
}

export const WEBHOOK_DELIVERY_STATUSES = ['pending', 'delivered', 'failed'] as const;
export type WebhookDeliveryStatus = (typeof WEBHOOK_DELIVERY_STATUSES)[number];

export interface WebhookDelivery {
  id: number;
  event: WebhookDeliveryEvent;
  status: WebhookDeliveryStatus;
  attempts: number;
  nextAttemptAt: string | null;
  responseStatus: number | null;
  lastError: string | null;
  createdAt: string;
  deliveredAt: string | null;
}

export const WEBHOOK_DELIVERIES_LIMIT = 50;
