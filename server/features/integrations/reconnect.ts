import type { Provider } from '@shared/schemas/integrations';
import type { EventBus } from '../../lib/events';
import type { IntegrationsRepository } from './integrations.repository';

/**
 * The provider refused the location's grant (revoked, expired, access lost): the location is marked
 * "reconnect needed" and the owner is told, once per breakage, in the same transaction.
 */
export async function markReconnectNeeded(
  repo: IntegrationsRepository,
  events: EventBus,
  ownerId: number,
  location: { id: number; name: string },
  provider: Provider,
  error: string,
): Promise<void> {
  await repo.transaction(async (tx) => {
    if (!(await repo.markReconnectNeeded(tx, ownerId, location.id, provider, error))) return;
    await events.emit(tx, { type: 'integration.disconnected', ownerId, provider, locationName: location.name });
  });
}
