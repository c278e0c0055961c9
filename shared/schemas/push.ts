import { z } from 'zod';
import { PUSH_ENDPOINT_MAX } from '../push';

export * from '../push';

const base64url = (name: string, max: number) =>
  z
    .string({ error: `${name} is required` })
    .regex(/^[A-Za-z0-9_-]+=*$/, { error: `${name} must be base64url` })
    .max(max, { error: `${name} is too long` });

const endpoint = /* @__PURE__ */ z
  .string({ error: 'The push endpoint is required' })
  .max(PUSH_ENDPOINT_MAX, { error: 'The push endpoint is too long' })
  .url({ error: 'The push endpoint must be a URL' });

/** A browser's PushSubscription as `subscription.toJSON()` gives it, with the user's choices for this device. */
export const PushSubscriptionInputSchema = z.object({
  endpoint,
  keys: z.object({
    // An uncompressed P-256 point (65 bytes) and a 16-byte secret, base64url.
    p256dh: /* @__PURE__ */ base64url('The p256dh key', 120),
    auth: /* @__PURE__ */ base64url('The auth secret', 40),
  }),
  everyReview: z.boolean().optional().default(false),
  deviceLabel: z.string().trim().max(80).optional().default(''),
});
export type PushSubscriptionInput = z.input<typeof PushSubscriptionInputSchema>;

/** DELETE /api/push/subscriptions: which of the user's devices stops receiving push. */
export const PushEndpointSchema = z.object({ endpoint });
