import type { AppContext } from '../../lib/context';
import type { JobHandlers } from '../../lib/queue/worker';
import { PermanentJobError, type Job } from '../../lib/queue/worker';
import type { ScheduledTask } from '../../lib/queue/scheduler';
import { normalizeReviewType } from '@shared/schemas/domain';
import { notificationTargets } from '@shared/schemas/notifications';
import type { SendEmail } from '../delivery';
import { alertReplyOffersFor } from '../replies';
import {
  composeFeedbackAnswerAlert,
  composeReviewAlert,
  composeSiteChangesAlert,
  composeWeeklyDigest,
  type ComposedEmail,
} from './alert-emails';
import { alertUnsubscribeToken, type AlertKind } from './alert-token';
import { createAlertsRepository, createNotificationsRepository } from './notifications.repository';

const HOUR = 60 * 60 * 1000;
const DAY = 24 * HOUR;
/** Digests go out from Monday 08:00 UTC, about last week (Monday to Sunday, UTC). */
const DIGEST_HOUR_UTC = 8;

/** The Monday 00:00 UTC that starts the week of `date`. */
export function weekStartOf(date: Date): Date {
  const day = new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), date.getUTCDate()));
  const sinceMonday = (day.getUTCDay() + 6) % 7;
  return new Date(day.getTime() - sinceMonday * DAY);
}

/** The week a digest sent at `now` is about, or null before this week's send time (Monday 08:00 UTC). */
export function digestWeekFor(now: Date): string | null {
  const thisWeek = weekStartOf(now);
  if (now.getTime() < thisWeek.getTime() + DIGEST_HOUR_UTC * HOUR) return null;
  return new Date(thisWeek.getTime() - 7 * DAY).toISOString().slice(0, 10);
}

/**
 * The alert and digest emails (issue 10), sent through the same delivery path as review requests: jobs.ts
 * hands in delivery's sendEmail, since delivery records notifications and importing it back made a cycle.
 */
export function createNotificationJobs(
  ctx: AppContext,
  sendEmail: SendEmail,
): { handlers: JobHandlers; tasks: ScheduledTask[] } {
  const alerts = createAlertsRepository(ctx.db);
  const notifications = createNotificationsRepository(ctx.db);
  const replyOfferFor = alertReplyOffersFor(ctx);
  const base = ctx.env.publicBaseUrl;
  /** The name the emails give the business: its company name, else the owner's first name. */
  const businessName = (user: { companyName: string; firstName: string }) =>
    user.companyName.trim() || user.firstName;
  /** A review opened in the app, as the bell opens it. */
  const reviewUrl = (reviewId: number) => `${base}${notificationTargets.review(reviewId)}`;
  const unsubscribeUrl = (userId: number, kind: AlertKind) =>
    `${base}/api/notifications/unsubscribe/${alertUnsubscribeToken(ctx.secretBox, userId, kind)}`;

  /**
   * Sends once: a message already sent under this key is not sent again by a retried job, nor composed again
   * (an alert's composing makes its reply link).
   */
  async function send(
    job: Pick<Job, 'isLastAttempt'>,
    to: { id: number; email: string },
    key: string,
    kind: AlertKind,
    compose: () => ComposedEmail | Promise<ComposedEmail>,
  ): Promise<void> {
    if (await alerts.alreadySent(key)) return;
    const email = await compose();
    const url = unsubscribeUrl(to.id, kind);
    const result = await sendEmail(ctx, {
      ownerId: to.id,
      to: to.email,
      ...email,
      headers: { 'List-Unsubscribe': `<${url}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' },
      idempotencyKey: key,
    });
    if (result.status !== 'failed') return;
    const reason = result.error ?? 'The email could not be sent';
    if (result.permanent || job.isLastAttempt) throw new PermanentJobError(reason);
    throw new Error(reason);
  }

  /**
   * An alert or digest whose account was deleted (or disabled) while its job ran leaves nothing to record
   * and nobody to retry for: the job ends quietly instead of failing on the rows that went and trying again.
   * A job that starts after the deletion finds no recipient and sends nothing.
   */
  const endsWithItsRecipient =
    <P extends { userId: number }>(
      handler: (payload: P, job: Pick<Job, 'id' | 'isLastAttempt'>) => Promise<void>,
    ) =>
    async (payload: P, job: Pick<Job, 'id' | 'isLastAttempt'>): Promise<void> => {
      try {
        await handler(payload, job);
      } catch (error) {
        if (await alerts.recipient(payload.userId)) throw error;
        ctx.logger.info(
          { job: job.id, user: payload.userId },
          'account deleted or disabled while its email job ran: nothing recorded, not retried',
        );
      }
    };

  return {
    handlers: {
      'send-review-alert': endsWithItsRecipient(async ({ reviewId, userId }, job) => {
        const user = await alerts.recipient(userId);
        if (!user || !user.settings.instantAlerts) return;
        const review = await alerts.review(userId, reviewId);
        if (!review || review.rating > user.settings.alertMaxRating) return;
        await send(job, user, `review-alert:${reviewId}:${userId}`, 'instant', async () =>
          composeReviewAlert({
            business: businessName(user),
            review: { ...review, type: normalizeReviewType(review.type) },
            answerUrl: reviewUrl(review.id),
            unsubscribeUrl: unsubscribeUrl(user.id, 'instant'),
            alertMaxRating: user.settings.alertMaxRating,
            reply: await replyOfferFor(userId, review.id),
          }),
        );
      }),

      'send-site-changes-alert': endsWithItsRecipient(async ({ userId, site, locationName, items }, job) => {
        const user = await alerts.recipient(userId);
        if (!user || !user.settings.instantAlerts) return;
        await send(job, user, `site-changes:${job.id}`, 'instant', () =>
          composeSiteChangesAlert({
            business: businessName(user),
            site,
            locationName,
            items: items.map((item) => ({ ...item, url: reviewUrl(item.reviewId) })),
            unsubscribeUrl: unsubscribeUrl(user.id, 'instant'),
          }),
        );
      }),

      'send-feedback-answer-alert': endsWithItsRecipient(
        async ({ userId, reviewId, messageId, customerName, body }, job) => {
          const user = await alerts.recipient(userId);
          if (!user || !user.settings.instantAlerts) return;
          const review = await alerts.review(userId, reviewId);
          if (!review) return;
          await send(job, user, `feedback-answer-alert:${messageId}`, 'instant', () =>
            composeFeedbackAnswerAlert({
              business: businessName(user),
              customerName,
              answer: body,
              review: { ...review, type: normalizeReviewType(review.type) },
              caseUrl: reviewUrl(review.id),
              unsubscribeUrl: unsubscribeUrl(user.id, 'instant'),
            }),
          );
        },
      ),

      'send-weekly-digest': endsWithItsRecipient(async ({ userId, weekStart }, job) => {
        const user = await alerts.recipient(userId);
        if (!user || !user.settings.weeklyDigest) return;
        // A client without a single review yet gets no empty summaries.
        if (!(await alerts.hasAnyReview(userId))) return;
        const from = new Date(`${weekStart}T00:00:00.000Z`);
        const figures = await alerts.weekFigures(userId, from, new Date(from.getTime() + 7 * DAY));
        // Opened during (or after the start of) the week and nothing new came: a "0 new reviews" summary of a
        // week the account was not there for tells nothing (an import's old reviews are not new).
        if (figures.newReviews === 0 && user.createdAt.getTime() > from.getTime()) return;
        const withType = <T extends { type: string }>(r: T | null) =>
          r ? { ...r, type: normalizeReviewType(r.type), locationName: null } : null;
        await send(job, user, `weekly-digest:${userId}:${weekStart}`, 'digest', () =>
          composeWeeklyDigest({
            business: businessName(user),
            weekStart: from,
            figures: { ...figures, best: withType(figures.best), worst: withType(figures.worst) },
            dashboardUrl: `${base}/dashboard`,
            reviewUrl,
            unsubscribeUrl: unsubscribeUrl(user.id, 'digest'),
          }),
        );
      }),
    },

    tasks: [
      {
        name: 'queue-weekly-digests',
        everyMs: HOUR,
        async run(now) {
          const week = digestWeekFor(now);
          if (week) await alerts.queueDigests(week);
        },
      },
      {
        name: 'prune-notifications',
        everyMs: 6 * HOUR,
        run: async (now) => {
          await notifications.prune(now);
        },
      },
    ],
  };
}
