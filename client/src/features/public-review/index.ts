export { PublicReviewRoot } from './components/public-review-root';
export { likelyLanguage } from './language-choice';
