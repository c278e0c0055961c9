import webPush from 'web-push';
import { PUSH_QUOTE_MAX, type PushDevice, type PushKey, type PushMessage } from '@shared/push';
import type { PushSubscriptionInputSchema } from '@shared/schemas/push';
import { notificationTargets } from '@shared/schemas/notifications';
import type { z } from 'zod';
import type { AppContext } from '../../lib/context';
import { badRequest, notFound } from '../../lib/errors';
import type { FeedbackAnswerPayload } from '../../lib/queue/enqueue';
import { safeErrorMessage } from '../../lib/logger';
import { postToCheckedUrl } from '../../lib/pinned-post';
import { UrlRefusedError } from '../../lib/url-policy';
import { resolveVapidKeys, type VapidKeys } from '../../lib/vapid-keys';
import { createPushRepository, type PushSubscriptionRow, type ReviewForPush } from './push.repository';
import { excerpt } from '../../lib/excerpt';

/** How long a push service has to take a message. */
const PUSH_TIMEOUT_MS = 10_000;
/** How long the push service keeps a message for a device that is off: a day, then the news is stale. */
const PUSH_TTL_SECONDS = 24 * 60 * 60;

const toDevice = (row: PushSubscriptionRow): PushDevice => ({
  id: row.id,
  endpoint: row.endpoint,
  deviceLabel: row.deviceLabel,
  everyReview: row.everyReview,
  createdAt: row.createdAt.toISOString(),
  lastPushedAt: row.lastPushedAt?.toISOString() ?? null,
});

/** "★★☆☆☆ Ann: The soup was cold…": the stars, who, and the first words. */
export function pushMessageOf(review: ReviewForPush): PushMessage {
  const stars = '★'.repeat(review.rating) + '☆'.repeat(5 - review.rating);
  const who = review.reviewerName.trim() || 'A customer';
  const quote = excerpt(review.content, PUSH_QUOTE_MAX);
  return {
    title: `${review.businessName}: a new ${review.rating}-star review`,
    body: quote ? `${stars} ${who}: ${quote}` : `${stars} ${who} left a rating without text.`,
    url: notificationTargets.review(review.id),
    tag: `review-${review.id}`,
  };
}

/** "Bella Pasta: Nora Quinn answered" and the first words of the answer, as the bell says it. */
export function feedbackAnswerMessageOf(businessName: string, answer: FeedbackAnswerPayload): PushMessage {
  return {
    title: `${businessName}: ${answer.customerName} answered`,
    body: `“${excerpt(answer.body, PUSH_QUOTE_MAX)}”`,
    url: notificationTargets.review(answer.reviewId),
    tag: `feedback-${answer.messageId}`,
  };
}

/** What happened to one push: delivered, the device is gone for good, or try again later. */
export type PushOutcome = { kind: 'sent' } | { kind: 'gone' } | { kind: 'failed'; reason: string };

export function pushServiceFor(ctx: Pick<AppContext, 'db' | 'env' | 'webhookUrls' | 'now'>) {
  const repo = createPushRepository(ctx.db);
  let keys: VapidKeys | undefined;
  const vapidKeys = () =>
    (keys ??= resolveVapidKeys(
      { publicKey: ctx.env.VAPID_PUBLIC_KEY, privateKey: ctx.env.VAPID_PRIVATE_KEY },
      ctx.env.DATA_DIR,
    ));

  // Who push services may write to about our pushes: https:// or mailto: only.
  const base = ctx.env.publicBaseUrl;
  const vapidSubject =
    ctx.env.VAPID_SUBJECT ?? (base.startsWith('https://') ? base : `mailto:push@${new URL(base).hostname}`);

  return {
    key: (): PushKey => ({ publicKey: vapidKeys().publicKey }),

    list: async (userId: number): Promise<PushDevice[]> => (await repo.listOf(userId)).map(toDevice),

    /** Registers the browser's subscription for this user; its endpoint must be a public https address. */
    async subscribe(
      userId: number,
      input: z.output<typeof PushSubscriptionInputSchema>,
    ): Promise<PushDevice> {
      try {
        await ctx.webhookUrls.check(input.endpoint);
      } catch (error) {
        if (error instanceof UrlRefusedError)
          throw badRequest(`The push endpoint is refused: ${error.message}`);
        throw error;
      }
      const row = await repo.save(userId, {
        endpoint: input.endpoint,
        p256dh: input.keys.p256dh,
        auth: input.keys.auth,
        everyReview: input.everyReview,
        deviceLabel: input.deviceLabel,
      });
      return toDevice(row);
    },

    async unsubscribe(userId: number, endpoint: string): Promise<void> {
      if (!(await repo.remove(userId, endpoint))) throw notFound('This device does not receive push.');
    },

    /** The review's message and the devices that should show it, or nothing for a review gone since. */
    audienceOf: async (reviewId: number) => {
      const audience = await repo.audienceOf(reviewId);
      return audience && { message: pushMessageOf(audience.review), deviceIds: audience.deviceIds };
    },

    /** A customer's answer on their feedback case, for every device that hears of the case's review. */
    feedbackAnswerAudienceOf: async (answer: FeedbackAnswerPayload) => {
      const audience = await repo.audienceOf(answer.reviewId, 'answered');
      return (
        audience && {
          message: feedbackAnswerMessageOf(audience.review.businessName, answer),
          deviceIds: audience.deviceIds,
        }
      );
    },

    /**
     * Encrypts the message to the device's keys and signs it with our VAPID key (web-push), then posts it to
     * the push service at the address the URL policy checked. 404 and 410 mean the subscription is gone.
     */
    async send(subscriptionId: number, message: PushMessage): Promise<PushOutcome> {
      const device = await repo.find(subscriptionId);
      if (!device) return { kind: 'gone' };
      const { publicKey, privateKey } = vapidKeys();
      const request = webPush.generateRequestDetails(
        { endpoint: device.endpoint, keys: { p256dh: device.p256dh, auth: device.auth } },
        JSON.stringify(message),
        {
          vapidDetails: { subject: vapidSubject, publicKey, privateKey },
          TTL: PUSH_TTL_SECONDS,
          contentEncoding: 'aes128gcm',
          urgency: 'high',
          topic: message.tag,
        },
      );
      let status: number;
      try {
        const checked = await ctx.webhookUrls.check(device.endpoint);
        const headers = Object.fromEntries(
          Object.entries(request.headers).map(([name, value]) => [name, String(value)]),
        );
        status = await postToCheckedUrl(checked, request.body ?? Buffer.alloc(0), headers, PUSH_TIMEOUT_MS);
      } catch (error) {
        if (!(error instanceof UrlRefusedError)) return { kind: 'failed', reason: safeErrorMessage(error) };
        // Its name now leads to an address we never post to: the device cannot be reached safely.
        await repo.forget(device.id);
        return { kind: 'gone' };
      }
      if (status === 404 || status === 410) {
        await repo.forget(device.id);
        return { kind: 'gone' };
      }
      if (status < 200 || status >= 300)
        return { kind: 'failed', reason: `The push service answered ${status}` };
      await repo.markPushed(device.id, ctx.now());
      return { kind: 'sent' };
    },
  };
}

export type PushService = ReturnType<typeof pushServiceFor>;
