import type { AppContext } from '../../lib/context';
import type { ScheduledTask } from '../../lib/queue/scheduler';
import type { JobHandlers } from '../../lib/queue/worker';
import { createReplyLinksRepository } from './reply-links.repository';
import { REPLY_LINK_KEPT_MS } from './reply-links.service';
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

/** Alert links expired a month ago: a click on one says "not valid" from then on, and its row goes. */
export function createReplyLinkTasks(ctx: AppContext): ScheduledTask[] {
  const links = createReplyLinksRepository(ctx.db);
  return [
    {
      name: 'prune-reply-links',
      everyMs: 24 * 60 * 60 * 1000,
      run: async (now) => {
        await links.prune(new Date(now.getTime() - REPLY_LINK_KEPT_MS));
      },
    },
  ];
}
