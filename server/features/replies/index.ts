// A review's reply: its routes and jobs, and the publisher port integrations implements for Google and Facebook.
export { createRepliesRoutes } from './replies.routes';
export { createReplyJobHandlers } from './replies.jobs';
export type { ReplyLocation, ReplyPublisher, ReplyTarget, SiteOutcome } from './reply-publisher';
