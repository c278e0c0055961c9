import type { AppContext } from '../../lib/context';
import { notFound } from '../../lib/errors';
import { createFileStorage, type ByteRange, type FileStorage } from '../../lib/storage';
import { ownerVideosPrefix, videoKey } from '../public-review';
import { createReviewsRepository } from './reviews.repository';
import type { Scope } from '../../db/scope';

export const VIDEO_NOT_FOUND = 'Video not found';

/** The owner's side of a review's video: only the owner (or an admin inside their area) may watch it. */
export function reviewVideoServiceFor(
  ctx: Pick<AppContext, 'db' | 'env'>,
  storage: FileStorage = createFileStorage(ctx.env),
) {
  const reviews = createReviewsRepository(ctx.db);
  return {
    /** The stored video's size and type, or not found when the review is not the owner's or has none. */
    async stat(scope: Scope, reviewId: number) {
      const review = await reviews.findOwnedVideoReview(scope, reviewId);
      const info = review ? await storage.stat(videoKey(scope.ownerId, reviewId)) : undefined;
      if (!info) throw notFound(VIDEO_NOT_FOUND);
      return info;
    },

    async open(ownerId: number, reviewId: number, range?: ByteRange) {
      const file = await storage.get(videoKey(ownerId, reviewId), range);
      if (!file) throw notFound(VIDEO_NOT_FOUND);
      return file;
    },

    /** Every video of the owner's reviews, once their account is deleted (settings.jobs.ts). */
    async deleteAllOf(ownerId: number): Promise<void> {
      await storage.deleteAll(ownerVideosPrefix(ownerId));
    },
  };
}
