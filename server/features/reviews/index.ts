// Reviews and replies: the routes and jobs, the services other features call and the scoped review query.
export { createReviewsRoutes } from './reviews.routes';
export { createReviewVideoRoutes } from './review-video.routes';
export { createReplyJobHandlers } from './replies.jobs';
export { repliesServiceFor, type RepliesService } from './replies.service';
export { reviewVideoServiceFor } from './review-video.service';
/** The tenant's reviews in scope, as a subquery the dashboard and insights aggregate. */
export { reviewsIn, type ReviewRow } from './reviews.repository';
