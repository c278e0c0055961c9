/** What other features use of reviews: the review dialog with its reply action (dashboard, insights). */
export { ReviewDetailsDialog } from './components/review-details-dialog';
