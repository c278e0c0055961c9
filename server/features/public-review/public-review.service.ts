import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import { fileTypeFromFile } from 'file-type';
import {
  ACCEPTED_VIDEO_TYPES,
  INVALID_LINK_MESSAGE,
  type PublicReviewPageData,
  type ReviewLinks,
  type SubmitPublicReview,
  type SubmitPublicReviewResult,
} from '@shared/schemas/public-review';
import { publicReviewLinksOf } from '@shared/schemas/locations';
import { AppError, badRequest, conflict, notFound } from '../../lib/errors';
import type { FileStorage } from '../../lib/storage';
import { customerLanguage } from '../../db/customer-language';
import type { AppContext } from '../../lib/context';
import type { EventBus } from '../../lib/events';
import {
  createPublicReviewRepository,
  type PublicReviewRepository,
  type ResolvedLink,
} from './public-review.repository';

const VIDEO_UPLOAD_MISSING = 'The video upload was not found. Please upload it again.';

/** file-type's answers we take, mapped to the type we store and serve. */
const VIDEO_TYPES: Record<string, (typeof ACCEPTED_VIDEO_TYPES)[number]> = {
  'video/webm': 'video/webm',
  'video/mp4': 'video/mp4',
  'video/x-m4v': 'video/mp4',
  'video/quicktime': 'video/quicktime',
  'video/ogg': 'video/ogg',
};

export const UNSUPPORTED_VIDEO_MESSAGE =
  'This file is not a supported video. Please use WebM, MP4, MOV or Ogg.';
export const ALREADY_SUBMITTED_MESSAGE = 'A review was already submitted with this link. Thank you!';

/** Where uploads wait to be attached to a review (expired by public-review.jobs.ts). */
export const PENDING_PREFIX = 'pending';
/** A pending upload is named by the link and the token, so a token works for its own link only. */
const pendingKey = (link: string, token: string) => `${PENDING_PREFIX}/${link}/${token}`;
/** One folder per owner holds their reviews' videos: deleting the account removes it whole. */
export const ownerVideosPrefix = (ownerId: number) => `videos/${ownerId}`;
export const videoKey = (ownerId: number, reviewId: number) => `${ownerVideosPrefix(ownerId)}/${reviewId}`;
export const videoUrlOf = (reviewId: number) => `/api/reviews/${reviewId}/video`;

const firstWord = (name: string | null) => name?.trim().split(/\s+/)[0] || null;

function businessNameOf(link: ResolvedLink): string {
  return link.companyName.trim() || link.ownerFirstName.trim();
}

/**
 * Google and Facebook, offered to every customer whatever the rating (no review gating): typed by hand, else
 * given by the location's connection.
 */
function reviewLinksOf(link: ResolvedLink): ReviewLinks {
  return publicReviewLinksOf(link);
}

export function createPublicReviewService(deps: {
  repository: PublicReviewRepository;
  storage: FileStorage;
  maxVideoBytes: number;
  events: EventBus;
}) {
  const { repository, storage, maxVideoBytes, events } = deps;

  async function resolve(link: string): Promise<ResolvedLink> {
    const resolved = await repository.resolveLink(link);
    if (!resolved) throw notFound(INVALID_LINK_MESSAGE);
    return resolved;
  }

  const isSubmitted = (link: ResolvedLink) =>
    link.kind === 'request' && (link.submittedRating !== null || link.requestStatus === 'completed');

  return {
    resolve,

    /**
     * What the page shows, in the customer's language (theirs, the location's, else their browser's
     * `acceptLanguage`); opening a request's page marks it opened.
     */
    async getPage(link: string, acceptLanguage?: string): Promise<PublicReviewPageData> {
      const resolved = await resolve(link);
      if (resolved.kind === 'request') await repository.markOpened(resolved.requestId!);
      const alreadySubmitted = isSubmitted(resolved);
      return {
        businessName: businessNameOf(resolved),
        locationName: resolved.locationName,
        contactFirstName: resolved.kind === 'request' ? firstWord(resolved.contactName) : null,
        reviewLinks: reviewLinksOf(resolved),
        alreadySubmitted,
        ...(alreadySubmitted && resolved.submittedRating !== null
          ? { submittedRating: resolved.submittedRating }
          : {}),
        kind: resolved.kind,
        language: customerLanguage(resolved.savedLanguage, acceptLanguage),
        maxVideoBytes,
        acceptedVideoTypes: [...ACCEPTED_VIDEO_TYPES],
      };
    },

    /**
     * Stores the review and completes the request in one transaction. A request gets one review: a
     * second submit finds the unique index in the way, creates nothing and says so.
     */
    async submit(link: string, input: SubmitPublicReview): Promise<SubmitPublicReviewResult> {
      const resolved = await resolve(link);
      const reviewLinks = reviewLinksOf(resolved);
      if (isSubmitted(resolved)) return { ok: true, alreadySubmitted: true, reviewLinks };

      const pending = input.videoToken ? pendingKey(link, input.videoToken) : undefined;
      if (pending && !(await storage.stat(pending))) {
        throw badRequest(VIDEO_UPLOAD_MISSING, {
          videoToken: [VIDEO_UPLOAD_MISSING],
        });
      }

      const reviewerName = resolved.contactName?.trim() || input.name || 'Anonymous';

      const created = await repository.transaction(async (tx) => {
        const reviewId = await repository.insertReview(
          {
            ownerId: resolved.ownerId,
            locationId: resolved.locationId,
            type: pending ? 'video' : 'private',
            rating: input.rating,
            content: input.content,
            reviewerName,
            contactId: resolved.contactId,
            reviewRequestId: resolved.requestId,
            // The proof of no gating: what this customer is offered next, whatever their rating.
            offeredLinks: reviewLinks,
          },
          tx,
        );
        if (reviewId === undefined) return false;
        if (resolved.requestId !== null) {
          await repository.markCompleted(resolved.requestId, tx);
          await events.emit(tx, {
            type: 'review_request.completed',
            ownerId: resolved.ownerId,
            reviewRequestId: resolved.requestId,
            contactId: resolved.contactId,
            reviewId,
            rating: input.rating,
          });
        }
        await events.emit(tx, {
          type: 'reviews.created',
          reviews: [
            {
              id: reviewId,
              ownerId: resolved.ownerId,
              type: pending ? 'video' : 'private',
              rating: input.rating,
              reviewerName,
              content: input.content,
            },
          ],
        });
        if (pending) {
          await repository.setVideoUrl(reviewId, videoUrlOf(reviewId), tx);
          // Last step: if the file cannot be moved, the transaction rolls back and nothing is half-written.
          if (!(await storage.move(pending, videoKey(resolved.ownerId, reviewId)))) {
            throw badRequest(VIDEO_UPLOAD_MISSING);
          }
        }
        return true;
      });

      if (!created) {
        if (pending) await storage.delete(pending);
        return { ok: true, alreadySubmitted: true, reviewLinks };
      }
      return { ok: true, reviewLinks };
    },

    /**
     * Takes an uploaded file (already on local disk, size-limited by the upload parser), checks what it
     * really is from its first bytes, and keeps it as a pending upload of this link.
     */
    async acceptVideo(
      resolved: ResolvedLink,
      link: string,
      tempPath: string,
    ): Promise<{ videoToken: string }> {
      if (isSubmitted(resolved)) throw conflict(ALREADY_SUBMITTED_MESSAGE);
      const detected = await fileTypeFromFile(tempPath);
      const contentType = detected ? VIDEO_TYPES[detected.mime] : undefined;
      if (!contentType) throw new AppError(415, UNSUPPORTED_VIDEO_MESSAGE);
      const videoToken = randomBytes(24).toString('base64url');
      await storage.put(pendingKey(link, videoToken), fs.createReadStream(tempPath), contentType);
      return { videoToken };
    },
  };
}

export type PublicReviewService = ReturnType<typeof createPublicReviewService>;

/** The service over the app's database and video storage, as its routes use it. */
export function publicReviewServiceFor(ctx: Pick<AppContext, 'db' | 'env' | 'events'>, storage: FileStorage) {
  return createPublicReviewService({
    repository: createPublicReviewRepository(ctx.db),
    storage,
    maxVideoBytes: ctx.env.MAX_VIDEO_BYTES,
    events: ctx.events,
  });
}
