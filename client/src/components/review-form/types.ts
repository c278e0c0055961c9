import type { PublicReviewPageData, ReviewLinks } from '@shared/schemas/public-review';

/** What the customer filled in; the video is a recorded Blob or a chosen File. */
export interface ReviewDraft {
  rating: number;
  content: string;
  name?: string;
  video: Blob | null;
}

export interface SubmitOutcome {
  alreadySubmitted?: boolean;
  reviewLinks: ReviewLinks;
}

/**
 * Sends a draft: the public page uploads and posts, the preview answers at once and saves nothing.
 * `onUploadProgress` receives 0..1 while a video uploads. Errors are thrown with a message to show.
 */
export type SubmitReview = (
  draft: ReviewDraft,
  onUploadProgress: (fraction: number) => void,
) => Promise<SubmitOutcome>;

export type { PublicReviewPageData, ReviewLinks };
