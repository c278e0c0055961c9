import type { AppContext } from '../../lib/context';
import type { JobHandlers } from '../../lib/queue/worker';
import { createFileStorage, type FileStorage } from '../../lib/storage';
import { reviewVideoServiceFor } from '../reviews';

/**
 * The files of a deleted account (its customers' review videos), queued by the deletion's own transaction
 * (settings.repository.ts): removed only once the rows are gone for good, and still removed after a crash
 * between the commit and the removal, since the job waits in the queue. Removing twice is harmless.
 */
export function createSettingsJobHandlers(
  ctx: AppContext,
  storage: FileStorage = createFileStorage(ctx.env),
): JobHandlers {
  const videos = reviewVideoServiceFor(ctx, storage);
  return {
    'delete-account-files': async ({ ownerId }) => {
      await videos.deleteAllOf(ownerId);
    },
  };
}
