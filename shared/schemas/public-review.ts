import type { Language } from '../i18n/languages';
import { z } from 'zod';

/**
 * The public review page (PRODUCT.md sections 5 and 7): what the customer's browser reads and sends.
 * The same rules run in the form and on the server.
 */

/** A review request's uniqueLink or a location's publicLink: base64url, 16 to 64 characters. */
export const REVIEW_LINK_PATTERN = /^[A-Za-z0-9_-]{16,64}$/;
export const isReviewLinkToken = (value: string): boolean => REVIEW_LINK_PATTERN.test(value);

export const REVIEW_CONTENT_MAX = 5000;
export const REVIEWER_NAME_MAX = 100;
/** Recording stops by itself after this long: a testimonial, not a vlog. */
export const VIDEO_MAX_SECONDS = 60;
/** The containers the server accepts, checked by content (magic bytes), never by name. */
export const ACCEPTED_VIDEO_TYPES = ['video/webm', 'video/mp4', 'video/quicktime', 'video/ogg'] as const;

export const INVALID_LINK_MESSAGE = 'This review link is not valid.';
export const RATING_MESSAGE = 'Please choose a rating from 1 to 5 stars.';

/** A video uploaded ahead of the review: 32 base64url characters naming the stored file. */
export const VideoTokenSchema = z.string().regex(/^[A-Za-z0-9_-]{32}$/, { error: 'Invalid video token' });

export const PublicReviewLinkParamsSchema = z.object({
  link: z.string().regex(REVIEW_LINK_PATTERN, { error: INVALID_LINK_MESSAGE }),
});

export const SubmitPublicReviewSchema = z.object({
  // Strictly a JSON integer: "3" or 2.5 is a client bug, not something to guess at.
  rating: z
    .number({ error: RATING_MESSAGE })
    .int({ error: RATING_MESSAGE })
    .min(1, { error: RATING_MESSAGE })
    .max(5, { error: RATING_MESSAGE }),
  content: z
    .string({ error: 'Your review must be text' })
    .trim()
    .max(REVIEW_CONTENT_MAX, { error: `Please keep your review under ${REVIEW_CONTENT_MAX} characters` })
    .optional()
    .default(''),
  name: z
    .string({ error: 'Your name must be text' })
    .trim()
    .max(REVIEWER_NAME_MAX, { error: `Please keep your name under ${REVIEWER_NAME_MAX} characters` })
    .optional(),
  videoToken: /* @__PURE__ */ VideoTokenSchema.optional(),
});
export type SubmitPublicReviewInput = z.input<typeof SubmitPublicReviewSchema>;
export type SubmitPublicReview = z.output<typeof SubmitPublicReviewSchema>;

export interface ReviewLinks {
  google: string | null;
  facebook: string | null;
}

/** GET /api/public/review/:link: only what the page shows, nothing else about the business's customer. */
export interface PublicReviewPageData {
  businessName: string;
  locationName: string;
  /** Requests only: the first word of the contact's name. */
  contactFirstName: string | null;
  reviewLinks: ReviewLinks;
  alreadySubmitted: boolean;
  submittedRating?: number;
  kind: 'request' | 'location';
  /** The language to show: the contact's, else the location's default, else the browser's, else English. */
  language: Language;
  maxVideoBytes: number;
  acceptedVideoTypes: string[];
}

/** POST /api/public/review/:link */
export interface SubmitPublicReviewResult {
  ok: true;
  alreadySubmitted?: boolean;
  reviewLinks: ReviewLinks;
}

/** POST /api/public/review/:link/video */
export interface VideoUploadResult {
  videoToken: string;
}
