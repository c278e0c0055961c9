import { KeyRound } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import type { ApiKey, CreateApiKeyInput, CreatedApiKey } from '@shared/schemas/api-access';

import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { EmptyState } from '@/components/ui/empty-state';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { Spinner } from '@/components/ui/spinner';
import { toast } from '@/components/ui/use-toast';
import { lazyZodResolver } from '@/lib/lazy-zod-resolver';
import { notifyError } from '@/components/ui/notify-error';
import { formatDate, formatTimeAgo } from '@/lib/utils';

import { useCreateApiKey } from '../api/create-api-key';
import { useApiKeys } from '../api/get-api-keys';
import { useRevokeApiKey } from '../api/revoke-api-key';
import { ShownOnce } from './shown-once';

/** Settings › API: keys a point-of-sale or CRM sends review requests with (issue 16). */
// The rules load with the form's first focus, not with the tab (lib/lazy-zod-resolver.ts).
const apiKeyResolver = lazyZodResolver<CreateApiKeyInput, CreateApiKeyInput>(() =>
  import('@shared/schemas/api-access').then((m) => m.CreateApiKeySchema),
);

export function ApiKeysCard() {
  const keys = useApiKeys();
  const create = useCreateApiKey();
  const revoke = useRevokeApiKey();
  const [created, setCreated] = useState<CreatedApiKey | null>(null);
  const [revoking, setRevoking] = useState<ApiKey | null>(null);
  const form = useForm<CreateApiKeyInput>({
    resolver: apiKeyResolver,
    defaultValues: { name: '' },
  });

  return (
    <Card>
      <CardHeader>
        <CardTitle>API keys</CardTitle>
        <CardDescription>
          Your point-of-sale or CRM can send review requests after a sale: it calls{' '}
          <code className="text-xs">POST /api/v1/review-requests</code> with the header{' '}
          <code className="text-xs">Authorization: Bearer &lt;key&gt;</code>. The{' '}
          <a
            className="underline underline-offset-4"
            href="/api/v1/openapi.json"
            target="_blank"
            rel="noreferrer"
          >
            API description (OpenAPI)
          </a>{' '}
          lists every field.
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        <form
          onFocus={apiKeyResolver.preload}
          className="flex flex-col gap-2 sm:flex-row sm:items-end"
          noValidate
          onSubmit={form.handleSubmit((values) =>
            create.mutate(values, {
              onSuccess: (key) => {
                setCreated(key);
                form.reset({ name: '' });
              },
              onError: (error) => notifyError(error),
            }),
          )}
        >
          <FormField
            id="api-key-name"
            label="Key name"
            description="Where it is used, e.g. Shop till"
            error={form.formState.errors.name?.message}
            className="flex-1"
          >
            <Input autoComplete="off" {...form.register('name')} />
          </FormField>
          <Button type="submit" pending={create.isPending} pendingLabel="Creating…">
            Create key
          </Button>
        </form>

        {created ? (
          <ShownOnce
            label={`Your new API key “${created.name}”`}
            value={created.key}
            what="API key"
            onDone={() => setCreated(null)}
          />
        ) : null}

        {keys.isPending ? (
          <Spinner label="Loading API keys…" />
        ) : keys.isError ? (
          <EmptyState icon={KeyRound} title="API keys could not be loaded" description={keys.error.message} />
        ) : keys.data.length === 0 ? (
          <p className="text-sm text-muted-foreground">No API keys yet.</p>
        ) : (
          <ul className="grid gap-2" aria-label="API keys">
            {keys.data.map((key) => (
              <li
                key={key.id}
                className="flex flex-col gap-2 rounded-md border p-3 sm:flex-row sm:items-center sm:justify-between"
              >
                <div className="grid min-w-0 gap-0.5">
                  <span className="flex flex-wrap items-center gap-2 font-medium">
                    {key.name}
                    {key.revokedAt ? <Badge variant="secondary">Revoked</Badge> : null}
                  </span>
                  <span className="font-mono text-xs text-muted-foreground">{key.prefix}…</span>
                  <span className="text-xs text-muted-foreground">
                    {key.revokedAt
                      ? `Revoked ${formatDate(key.revokedAt)}`
                      : key.lastUsedAt
                        ? `Last used ${formatTimeAgo(key.lastUsedAt)}`
                        : 'Never used'}
                    {` · Created ${formatDate(key.createdAt)}`}
                  </span>
                </div>
                {key.revokedAt ? null : (
                  <Button
                    variant="outline"
                    size="sm"
                    onClick={() => setRevoking(key)}
                    aria-label={`Revoke ${key.name}`}
                  >
                    Revoke
                  </Button>
                )}
              </li>
            ))}
          </ul>
        )}
      </CardContent>
      <ConfirmDialog
        open={revoking !== null}
        onOpenChange={(open) => {
          if (!open) setRevoking(null);
        }}
        title={`Revoke the key “${revoking?.name ?? ''}”?`}
        description="Systems that use it are refused from now on. This cannot be undone: create a new key to reconnect them."
        confirmLabel="Revoke key"
        pending={revoke.isPending}
        pendingLabel="Revoking…"
        onConfirm={() => {
          if (!revoking) return;
          revoke.mutate(revoking.id, {
            onSuccess: () => {
              toast({ title: 'API key revoked', description: `${revoking.name} no longer works.` });
              setRevoking(null);
            },
            onError: (error) => notifyError(error),
          });
        }}
      />
    </Card>
  );
}
