import { PROVIDER_LABELS, type Provider } from '@shared/schemas/integrations';
import { notificationTargets } from '@shared/schemas/notifications';
import { recordNotifications } from '../notifications';
import type { IntegrationsRepository } from './integrations.repository';

/**
 * The provider refused the location's grant (revoked, expired, access lost): the location is marked
 * "reconnect needed" and the owner is told, once per breakage, in the same transaction.
 */
export async function markReconnectNeeded(
  repo: IntegrationsRepository,
  ownerId: number,
  location: { id: number; name: string },
  provider: Provider,
  error: string,
): Promise<void> {
  const label = PROVIDER_LABELS[provider];
  await repo.transaction(async (tx) => {
    if (!(await repo.markReconnectNeeded(tx, ownerId, location.id, provider, error))) return;
    await recordNotifications(tx, [
      {
        ownerId,
        kind: 'integration_reconnect',
        title: `Connect ${label} again`,
        body: `${label} stopped accepting the connection of ${location.name}, so its reviews are no longer imported and replies are not posted there.`,
        target: notificationTargets.integrations(),
      },
    ]);
  });
}
