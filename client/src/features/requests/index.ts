/** What other features use of requests: asking one customer for a review, by message or by link and QR code. */
export { CreateReviewRequestDialog } from './components/create-review-request-dialog';
export { GenerateLinkDialog } from './components/generate-link-dialog';
