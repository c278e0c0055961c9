/**
 * The domain's words shared by the API and the screens, without zod: a screen that only names a channel or a
 * status does not download the validation library (issue 43; the schemas are in shared/schemas/domain.ts).
 */

/** Request methods and message channels (seed-spec section 9). */
export const CHANNELS = ['email', 'sms', 'whatsapp'] as const;
export type Channel = (typeof CHANNELS)[number];

/** Review sources (seed-spec section 3). */
export const REVIEW_TYPES = ['google', 'facebook', 'private', 'video'] as const;
export type ReviewType = (typeof REVIEW_TYPES)[number];

/** A review's source as an email or a page names it ("a 2-star private feedback review"). */
export const REVIEW_SOURCE_NAMES: Record<ReviewType, string> = {
  google: 'Google',
  facebook: 'Facebook',
  private: 'private feedback',
  video: 'video testimonial',
};

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
export type RequestStatus = (typeof REQUEST_STATUSES)[number];

/** How a request reaches its customer: a message on a channel, or a link the owner hands out themselves. */
export const REQUEST_METHODS = [...CHANNELS, 'link'] as const;
export type RequestMethod = (typeof REQUEST_METHODS)[number];
