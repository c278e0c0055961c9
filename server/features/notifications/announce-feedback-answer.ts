import type { DomainEventOf, EventExecutor } from '../../lib/events';
import { enqueue } from '../../lib/queue/enqueue';
import { recordNotifications, takesInstantAlerts } from './notifications.repository';
import { feedbackAnsweredNotification } from './notification-texts';

/**
 * Tells the owner a customer answered on their feedback case, in the answer's transaction: a bell line, and an
 * email when the owner takes instant alerts (once per answer, however often the event is handled).
 */
export async function announceFeedbackAnswer(tx: EventExecutor, event: DomainEventOf<'feedback.answered'>) {
  await recordNotifications(tx, [feedbackAnsweredNotification(event)]);
  if (!(await takesInstantAlerts(tx, event.ownerId))) return;
  const { ownerId, reviewId, messageId, customerName, body } = event;
  await enqueue(
    tx,
    'send-feedback-answer-alert',
    { userId: ownerId, reviewId, messageId, customerName, body },
    { dedupeKey: `feedback-answer-alert:${messageId}` },
  );
}
