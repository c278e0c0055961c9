// Reviews: the routes, the services other features call, the scoped review query and the review as the API shows it.
export { createReviewsRoutes } from './reviews.routes';
export { createReviewVideoRoutes } from './review-video.routes';
export { toReview } from './reviews.service';
export { reviewVideoServiceFor } from './review-video.service';
/** The tenant's reviews in scope, as a subquery the dashboard and insights aggregate. */
export { reviewsIn, type ReviewRow } from './reviews.repository';
