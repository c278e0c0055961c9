import { ApiKeysCard } from './api-keys-card';
import { WebhooksCard } from './webhooks-card';

/** Settings › API: API keys for the owner's own systems and the webhooks they receive (issue 16). */
export function ApiTab() {
  return (
    <div className="grid gap-6">
      <ApiKeysCard />
      <WebhooksCard />
    </div>
  );
}
