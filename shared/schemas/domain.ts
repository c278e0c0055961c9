import { z } from 'zod';

/** Request methods and message channels (seed-spec section 9). */
export const CHANNELS = ['email', 'sms', 'whatsapp'] as const;
export const ChannelSchema = z.enum(CHANNELS);
export type Channel = z.infer<typeof ChannelSchema>;

/** Review sources (seed-spec section 3). */
export const REVIEW_TYPES = ['google', 'facebook', 'private', 'video'] as const;
export const ReviewTypeSchema = z.enum(REVIEW_TYPES);
export type ReviewType = z.infer<typeof ReviewTypeSchema>;

/** Unknown review types are treated as private (seed-spec section 3). */
export function normalizeReviewType(type: string | null | undefined): ReviewType {
  return (REVIEW_TYPES as readonly string[]).includes(type ?? '') ? (type as ReviewType) : 'private';
}

/**
 * A review request's life (PRODUCT.md section 4): queued → sent → delivered → opened → completed, or failed
 * with a reason; `outbox` when no provider is configured and the message was kept, not sent; `cancelled` by
 * the owner before it went out.
 */
export const REQUEST_STATUSES = [
  'queued',
  'sent',
  'outbox',
  'delivered',
  'opened',
  'completed',
  'failed',
  'cancelled',
] as const;
export const RequestStatusSchema = z.enum(REQUEST_STATUSES);
export type RequestStatus = z.infer<typeof RequestStatusSchema>;

/** Path ids: positive 32-bit integers; anything else is a 400, never a database error. */
export const IdSchema = z.coerce
  .number({ error: 'Must be a number' })
  .int({ error: 'Must be a whole number' })
  .positive({ error: 'Must be a positive number' })
  .max(2_147_483_647, { error: 'Is too large' });

export const IdParamsSchema = z.object({ id: IdSchema });

/** How a request reaches its customer: a message on a channel, or a link the owner hands out themselves. */
export const REQUEST_METHODS = [...CHANNELS, 'link'] as const;
export type RequestMethod = (typeof REQUEST_METHODS)[number];
