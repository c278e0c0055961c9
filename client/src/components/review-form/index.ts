export { ReviewExperience } from './review-experience';
export { ReviewPageFrame } from './review-page-frame';
export { StarRating } from './star-rating';
export { ThankYou } from './thank-you';
export type { ReviewDraft, SubmitOutcome, SubmitReview } from './types';
