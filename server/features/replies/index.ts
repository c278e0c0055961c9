// A review's reply: its routes and jobs, and the publisher port integrations implements for Google and Facebook.
export { createRepliesRoutes } from './replies.routes';
export { createReplyLinkPublicRoutes } from './reply-links.routes';
export { createReplyJobHandlers, createReplyLinkTasks } from './replies.jobs';
export type { ReplyLocation, ReplyPublisher, ReplyTarget, SiteOutcome } from './reply-publisher';
export { alertReplyOffersFor, type AlertReplyOffer } from './alert-reply-offer';
