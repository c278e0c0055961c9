import type { ReviewType } from '@shared/domain';

/** How each review source reads on screen. */
export const REVIEW_SOURCE_LABELS: Record<ReviewType, string> = {
  google: 'Google',
  facebook: 'Facebook',
  private: 'Private',
  video: 'Video',
};

/** The name a review shows: the reviewer's, or Anonymous when the customer left none. */
export function reviewerLabel(name: string | null | undefined): string {
  return name?.trim() || 'Anonymous';
}
