// The customer's review page: its routes and jobs, and where its videos are stored.
export { createPublicReviewRoutes } from './public-review.routes';
export { createPublicReviewJobs } from './public-review.jobs';
export { ownerVideosPrefix, videoKey } from './public-review.service';
