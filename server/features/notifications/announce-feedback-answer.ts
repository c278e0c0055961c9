import { DEFAULT_NOTIFICATION_SETTINGS } from '@shared/schemas/notifications';
import type { DomainEventOf, EventExecutor } from '../../lib/events';
import { enqueue } from '../../lib/queue/enqueue';
import { recordNotifications, savedNotificationSettings } from './notifications.repository';
import { feedbackAnsweredNotification } from './notification-texts';

/**
 * Tells the owner a customer answered on their feedback case, in the answer's transaction: a bell line, and an
 * email when the owner takes instant alerts (once per answer, however often the event is handled).
 */
export async function announceFeedbackAnswer(tx: EventExecutor, event: DomainEventOf<'feedback.answered'>) {
  await recordNotifications(tx, [feedbackAnsweredNotification(event)]);
  const [saved] = await savedNotificationSettings(tx, [event.ownerId]);
  if (!(saved ?? DEFAULT_NOTIFICATION_SETTINGS).instantAlerts) return;
  const { ownerId, reviewId, messageId, customerName, body } = event;
  await enqueue(
    tx,
    'send-feedback-answer-alert',
    { userId: ownerId, reviewId, messageId, customerName, body },
    { dedupeKey: `feedback-answer-alert:${messageId}` },
  );
}
