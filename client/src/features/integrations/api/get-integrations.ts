import type { Provider } from '@shared/integrations';

// The query itself lives in lib/integrations.ts (the dashboard reads it without this feature's panel).
export {
  hasConnection,
  integrationsKey,
  integrationsQueryOptions,
  needingReconnect,
  useIntegrations,
} from '@/lib/integrations';

/** Where the browser goes to start the provider's OAuth flow for one location. */
export function connectUrl(apiBase: string, provider: Provider, locationId: number): string {
  return `${apiBase}/integrations/${provider}/connect?locationId=${locationId}`;
}
