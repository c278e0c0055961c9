import { queryOptions, useQuery } from '@tanstack/react-query';
import type { IntegrationsOverview, Provider } from '@shared/integrations';

import { getJson } from '@/lib/api-client';
import { useTenant } from '@/lib/tenant';

/**
 * GET {apiBase}/integrations, read by the integrations panel, the reviews page and the dashboard's checklist.
 * Here rather than only in features/integrations so the dashboard reads it without reaching the feature's
 * index, which would bring the settings panel (its form, Radix select) into the dashboard's first load
 * (issue 13). features/integrations re-exports it.
 */
export const integrationsKey = (apiBase: string) => [`${apiBase}/integrations`] as const;

/** GET /api/integrations: each location's Google and Facebook connection, and what the server can do. */
export function integrationsQueryOptions(apiBase: string) {
  return queryOptions({
    queryKey: integrationsKey(apiBase),
    queryFn: ({ signal }) => getJson<IntegrationsOverview>(`${apiBase}/integrations`, { signal }),
  });
}

export function useIntegrations() {
  const { apiBase } = useTenant();
  return useQuery(integrationsQueryOptions(apiBase));
}

/** Whether any location of the client has a usable connection to the provider. */
export function hasConnection(overview: IntegrationsOverview | undefined, provider: Provider): boolean {
  return (overview?.locations ?? []).some((l) => l[provider].connected && !l[provider].reconnectNeeded);
}

/** The locations whose provider stopped accepting the connection. */
export function needingReconnect(overview: IntegrationsOverview | undefined, provider: Provider) {
  return (overview?.locations ?? []).filter((l) => l[provider].reconnectNeeded);
}
