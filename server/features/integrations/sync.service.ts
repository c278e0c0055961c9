import {
  IMPORT_NOT_CONNECTED,
  PROVIDER_LABELS,
  type Provider,
  type SyncRun,
} from '@shared/schemas/integrations';
import { AppError, badRequest, notFound } from '../../lib/errors';
import type { EventBus } from '../../lib/events';
import type { Logger } from '../../lib/logger';
import { PermanentJobError, RetryLaterError, type Job } from '../../lib/queue/worker';
import type { FacebookClient } from './facebook.client';
import type { GoogleClient } from './google.client';
import type { AppContext } from '../../lib/context';
import {
  createIntegrationsRepository,
  type ImportedReview,
  type IntegrationLocation,
  type IntegrationsRepository,
} from './integrations.repository';
import { ProviderError } from './provider-http';
import { markReconnectNeeded } from './reconnect';
import { createSyncRunsRepository, type SyncRunRow, type SyncRunsRepository } from './sync-runs.repository';
import { locationGoogleSession } from './google-session';
import { facebookReviewsUrl } from './integrations.service';
import { matchImportedReviewsToContacts } from '../review-requests';
import type { SiteChange } from '../../lib/events';
import { watchChanges } from './reply-watch';

export const SYNC_RUN_NOT_FOUND = 'Import not found';
/** Each Facebook reply is asked about at most once a day (issue 47, item 2) ... */
export const FACEBOOK_REPLY_CHECK_INTERVAL_MS = 24 * 60 * 60 * 1000;
/** ... and a sync asks about this many: 48 syncs a day at the default interval cover 2,400 replies a Page. */
export const FACEBOOK_REPLY_CHECKS_PER_SYNC = 50;

export function toSyncRun(row: SyncRunRow): SyncRun {
  return {
    id: row.id,
    provider: row.provider,
    trigger: row.trigger,
    status: row.status,
    imported: row.imported,
    error: row.error,
    createdAt: row.createdAt.toISOString(),
    finishedAt: row.finishedAt?.toISOString() ?? null,
  };
}

/** A link to the location's reviews on Google: by place id when known, else a Maps search. */
export function googleReviewsUrl(location: Pick<IntegrationLocation, 'googlePlaceId' | 'name' | 'address'>) {
  if (location.googlePlaceId) {
    return `https://search.google.com/local/reviews?placeid=${encodeURIComponent(location.googlePlaceId)}`;
  }
  const query = `${location.name} ${location.address}`.trim();
  return `https://www.google.com/maps/search/?api=1&query=${encodeURIComponent(query)}`;
}

const isConnected = (provider: Provider, location: IntegrationLocation) =>
  provider === 'google'
    ? Boolean(location.googleAccessToken && location.googleLocationId)
    : Boolean(location.facebookAccessToken && location.facebookPageId);

const needsReconnect = (provider: Provider, location: IntegrationLocation) =>
  Boolean(provider === 'google' ? location.googleReconnectNeededAt : location.facebookReconnectNeededAt);

const hasSynced = (provider: Provider, location: IntegrationLocation) =>
  Boolean(provider === 'google' ? location.googleSyncedAt : location.facebookSyncedAt);

interface Dependencies {
  repo: IntegrationsRepository;
  runs: SyncRunsRepository;
  google: GoogleClient;
  facebook: FacebookClient;
  logger: Logger;
  events: EventBus;
  syncIntervalMinutes: number;
  now: () => Date;
}

/**
 * Reviews arrive by themselves (issue 10): every connected location is imported by a durable job, on a
 * schedule or when the owner asks, never inside an HTTP request. Provider failures are sorted out per
 * location: a refused grant marks the location "reconnect needed" and tells the owner once; a rate limit
 * or an outage retries the whole run later (imports are idempotent, so locations already done cost nothing).
 */
export function createSyncService(deps: Dependencies) {
  const { repo, runs, google, facebook, logger, events, now } = deps;

  const googleSession = (ownerId: number, location: IntegrationLocation) =>
    locationGoogleSession(google, repo, ownerId, location);

  type GoogleSession = ReturnType<typeof googleSession>;

  async function fetchGoogle(
    session: GoogleSession,
    location: IntegrationLocation,
  ): Promise<ImportedReview[]> {
    const sourceUrl = googleReviewsUrl(location);
    const rows: ImportedReview[] = [];
    for await (const page of session.listReviews(location.googleLocationId!)) {
      for (const review of page) {
        if (review.rating === null) continue; // STAR_RATING_UNSPECIFIED: nothing we can show
        const reply = review.reply?.comment.trim() ? review.reply : null;
        rows.push({
          externalId: review.reviewId,
          rating: review.rating,
          content: review.comment,
          reviewerName: review.reviewerName,
          sourceUrl,
          createdAt: review.createTime,
          // Replies already posted on Google come with the review.
          responseContent: reply?.comment ?? null,
          respondedAt: reply?.updateTime ?? null,
          responsePublishedTo: reply ? 'google' : null,
        });
      }
    }
    return rows;
  }

  async function fetchFacebook(location: IntegrationLocation): Promise<ImportedReview[]> {
    const rows: ImportedReview[] = [];
    const page = facebook.page(location.facebookPageId!, location.facebookAccessToken!);
    for await (const ratings of page.listRatings()) {
      for (const rating of ratings) {
        rows.push({
          externalId: rating.externalId,
          rating: rating.rating,
          recommendation: rating.recommendation,
          content: rating.comment,
          reviewerName: rating.reviewerName,
          sourceUrl: rating.storyId
            ? `https://www.facebook.com/${rating.storyId}`
            : `https://www.facebook.com/${location.facebookPageId}/reviews`,
          createdAt: rating.createdAt,
          responseContent: null,
          respondedAt: null,
          responsePublishedTo: null,
        });
      }
    }
    return rows;
  }

  /**
   * Asks Facebook whether a few of the Page's replies are still there (its ratings come without them): those
   * not asked about for a day, the longest unasked first. Answers which were asked and which are gone.
   */
  async function askFacebookAboutReplies(ownerId: number, location: IntegrationLocation, at: Date) {
    const due = await repo.facebookRepliesToCheck(
      ownerId,
      location.id,
      new Date(at.getTime() - FACEBOOK_REPLY_CHECK_INTERVAL_MS),
      FACEBOOK_REPLY_CHECKS_PER_SYNC,
    );
    const page = facebook.page(location.facebookPageId!, location.facebookAccessToken!);
    const gone = new Set<number>();
    for (const reply of due) if (!(await page.commentExists(reply.commentId!))) gone.add(reply.id);
    return { asked: due.map((reply) => reply.id), gone };
  }

  /**
   * The review link of a connection made before links were stored (issue 41), or null when it has one: a
   * Page's reviews tab is known from its id; Google's is read once, and its failure never fails the import.
   */
  async function missingReviewUrl(location: IntegrationLocation, session: GoogleSession | null) {
    if (!session) {
      if (location.facebookConnectedReviewUrl) return null;
      return facebookReviewsUrl({ id: location.facebookPageId!, username: null, link: null });
    }
    if (location.googleConnectedReviewUrl) return null;
    try {
      return await session.reviewUrl(location.googleLocationId!);
    } catch (err) {
      if (!(err instanceof AppError)) throw err;
      logger.warn({ provider: 'google', message: err.message }, 'Google review link not read');
      return null;
    }
  }

  /** Imports one location; answers how many reviews were created or changed. */
  async function syncLocation(ownerId: number, provider: Provider, location: IntegrationLocation) {
    const session = provider === 'google' ? googleSession(ownerId, location) : null;
    const readStartedAt = now();
    const rows = session ? await fetchGoogle(session, location) : await fetchFacebook(location);
    const repliesAsked = session ? null : await askFacebookAboutReplies(ownerId, location, readStartedAt);
    const reviewUrl = await missingReviewUrl(location, session);
    // The first import brings the location's history: it is not news, so it is not announced.
    const announce = hasSynced(provider, location);
    return repo.transaction(async (tx) => {
      if (reviewUrl) await repo.saveConnectedReviewUrl(tx, ownerId, location.id, provider, reviewUrl);
      // Replies and reviews are watched (issue 47, item 2): what the site changed since the last read.
      const stored = await repo.watchedReviews(tx, ownerId, location.id, provider);
      const changes = watchChanges(provider, stored, rows, readStartedAt, repliesAsked?.gone);
      if (repliesAsked) await repo.markRepliesChecked(tx, ownerId, repliesAsked.asked, readStartedAt);
      const idsOf = (kind: SiteChange['kind']) =>
        changes.filter((c) => c.kind === kind).map((c) => c.reviewId);
      await repo.markRemovedFromSite(tx, ownerId, idsOf('review_removed'), readStartedAt);
      await repo.markRepliesGoneFromSite(tx, ownerId, idsOf('reply_vanished'));
      // Like new reviews, changes are news only after the location's first import (a reconnection starts over).
      if (announce && changes.length > 0)
        await events.emit(tx, {
          type: 'site.changes',
          ownerId,
          provider,
          locationName: location.name,
          changes,
        });
      const { written, created } = await repo.upsertImported(tx, ownerId, location.id, provider, rows);
      await matchImportedReviewsToContacts(
        tx,
        ownerId,
        provider,
        created.map((review) => review.id),
      );
      if (announce && created.length > 0)
        await events.emit(tx, { type: 'reviews.created', reviews: created });
      await repo.recordSync(tx, ownerId, location.id, provider, null);
      return written;
    });
  }

  return {
    /** POST .../import-reviews: queues an import (or answers the one already under way). */
    async request(ownerId: number, provider: Provider): Promise<{ run: SyncRun; created: boolean }> {
      const usable = (await repo.connectedLocations(ownerId, provider)).filter(
        (location) => !needsReconnect(provider, location),
      );
      if (usable.length === 0) throw badRequest(IMPORT_NOT_CONNECTED[provider]);
      const { run, created } = await runs.requestManual(ownerId, provider);
      return { run: toSyncRun(run), created };
    },

    async find(ownerId: number, id: number): Promise<SyncRun> {
      const row = await runs.find(ownerId, id);
      if (!row) throw notFound(SYNC_RUN_NOT_FOUND);
      return toSyncRun(row);
    },

    /** The scheduler's task: queue the runs whose time has come. */
    scheduleDue: (now: Date) => runs.scheduleDue(now, deps.syncIntervalMinutes),

    /** The 'sync-reviews' job. */
    async run(payload: { syncRunId: number }, job: Pick<Job, 'isLastAttempt'>): Promise<void> {
      const run = await runs.load(payload.syncRunId);
      if (!run || run.status === 'done' || run.status === 'failed') return;
      await runs.markRunning(run.id);
      const { ownerId, provider } = run;
      const label = PROVIDER_LABELS[provider];
      const locations = (await repo.connectedLocations(ownerId, provider)).filter(
        (location) => isConnected(provider, location) && !needsReconnect(provider, location),
      );

      const failures: string[] = [];
      let succeeded = 0;
      try {
        for (const location of locations) {
          try {
            await runs.addImported(run.id, await syncLocation(ownerId, provider, location));
            succeeded += 1;
          } catch (err) {
            if (!(err instanceof AppError)) throw err;
            const failure = err instanceof ProviderError ? err.failure : 'auth'; // a token we cannot open
            if (failure === 'rate_limited' || failure === 'unavailable') throw err;
            if (failure === 'auth' || failure === 'forbidden') {
              await markReconnectNeeded(repo, events, ownerId, location, provider, err.message);
            } else {
              await repo.transaction((tx) =>
                repo.recordSync(tx, ownerId, location.id, provider, err.message),
              );
            }
            failures.push(`${location.name}: ${err.message}`);
          }
        }
      } catch (err) {
        const message = err instanceof Error ? err.message : String(err);
        if (job.isLastAttempt) {
          await runs.finish(run.id, 'failed', message);
          throw new PermanentJobError(message);
        }
        await runs.noteRetry(run.id, `${message} (trying again shortly)`);
        logger.info({ syncRun: run.id, provider, err: message }, 'review sync will retry');
        if (err instanceof ProviderError && err.retryAfterMs !== undefined) {
          throw new RetryLaterError(message, err.retryAfterMs);
        }
        throw err;
      }

      const error = failures.length > 0 ? failures.join('; ') : null;
      if (locations.length === 0) {
        await runs.finish(run.id, 'failed', `No location is connected to ${label}.`);
      } else {
        await runs.finish(run.id, succeeded === 0 ? 'failed' : 'done', error);
      }
    },
  };
}

export type SyncService = ReturnType<typeof createSyncService>;

/** The sync service with its real collaborators (routes, the job handler and the scheduler share it). */
export function syncServiceFor(
  ctx: Pick<AppContext, 'db' | 'google' | 'facebook' | 'logger' | 'env' | 'events' | 'now'>,
) {
  return createSyncService({
    repo: createIntegrationsRepository(ctx.db),
    runs: createSyncRunsRepository(ctx.db),
    google: ctx.google,
    facebook: ctx.facebook,
    logger: ctx.logger,
    events: ctx.events,
    syncIntervalMinutes: ctx.env.SYNC_INTERVAL_MINUTES,
    now: ctx.now,
  });
}
