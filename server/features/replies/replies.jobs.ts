import type { AppContext } from '../../lib/context';
import type { JobHandlers } from '../../lib/queue/worker';
import { repliesServiceFor } from './replies.service';
import type { ReplyPublisher } from './reply-publisher';

/**
 * The queue's attempts at a reply its site did not take (issue 41). Each job is one attempt; a refused one
 * queues the next itself (replies.service.ts, with its own waits), so the job ends as done either way and a
 * job whose reply moved on (edited, discarded, published) does nothing.
 */
export function createReplyJobHandlers(ctx: AppContext, publisher: ReplyPublisher): JobHandlers {
  const replies = repliesServiceFor(ctx, publisher);
  return {
    'publish-reply': async ({ ownerId, reviewId, attempt }) => {
      await replies.retryQueued(ownerId, reviewId, attempt);
    },
  };
}
