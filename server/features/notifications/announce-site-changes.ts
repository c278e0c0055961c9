import { PROVIDER_SITES } from '@shared/integrations';
import type { DomainEventOf, EventExecutor } from '../../lib/events';
import { enqueue } from '../../lib/queue/enqueue';
import { recordNotifications, takesInstantAlerts } from './notifications.repository';
import { siteChangeNotifications } from './notification-texts';

/**
 * Tells the owner what the sync found changed on Google or Facebook (issue 47, item 2), in the sync's
 * transaction: a bell line per change, and one email for them all when the owner takes email alerts.
 */
export async function announceSiteChanges(tx: EventExecutor, event: DomainEventOf<'site.changes'>) {
  const lines = siteChangeNotifications(event);
  await recordNotifications(tx, lines);
  if (!(await takesInstantAlerts(tx, event.ownerId))) return;
  await enqueue(tx, 'send-site-changes-alert', {
    userId: event.ownerId,
    site: PROVIDER_SITES[event.provider],
    locationName: event.locationName,
    items: lines.map(({ title, body, reviewId }) => ({ title, body, reviewId })),
  });
}
