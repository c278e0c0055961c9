export { PublicReviewRoot } from './components/public-review-root';
