import { Webhook } from 'lucide-react';
import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import type {
  CreateWebhookEndpointForm,
  CreateWebhookEndpointInput,
  CreatedWebhookEndpoint,
  WebhookEndpoint,
} from '@shared/schemas/api-access';
import { WEBHOOK_EVENT_LABELS, WEBHOOK_EVENTS, WEBHOOK_SIGNATURE_HEADER } from '@shared/webhooks';

import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { EmptyState } from '@/components/ui/empty-state';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { Spinner } from '@/components/ui/spinner';
import { toast } from '@/components/ui/use-toast';
import { fieldError } from '@/lib/form-errors';
import { lazyZodResolver } from '@/lib/lazy-zod-resolver';
import { notifyError } from '@/components/ui/notify-error';
import { formatDate } from '@/lib/utils';

import { useCreateWebhook } from '../api/create-webhook';
import { useDeleteWebhook } from '../api/delete-webhook';
import { useWebhooks } from '../api/get-webhooks';
import { useSendTestWebhook } from '../api/send-test-webhook';
import { DeliveryLog } from './delivery-log';
import { ShownOnce } from './shown-once';

/** Settings › API: where events are sent, signed, with their delivery log (issue 16). */
// The rules load with the form's first focus, not with the tab (lib/lazy-zod-resolver.ts).
const webhookResolver = lazyZodResolver<CreateWebhookEndpointForm, CreateWebhookEndpointInput>(() =>
  import('@shared/schemas/api-access').then((m) => m.CreateWebhookEndpointSchema),
);

export function WebhooksCard() {
  const endpoints = useWebhooks();
  const create = useCreateWebhook();
  const [created, setCreated] = useState<CreatedWebhookEndpoint | null>(null);
  const [removing, setRemoving] = useState<WebhookEndpoint | null>(null);
  const remove = useDeleteWebhook();
  const form = useForm<CreateWebhookEndpointForm, unknown, CreateWebhookEndpointInput>({
    resolver: webhookResolver,
    defaultValues: { url: '', events: [...WEBHOOK_EVENTS] },
  });

  return (
    <Card>
      <CardHeader>
        <CardTitle>Webhooks</CardTitle>
        <CardDescription>
          We send a POST with a JSON event to your https URL when it happens. Each request carries{' '}
          <code className="text-xs">{WEBHOOK_SIGNATURE_HEADER}: t=…,v1=…</code>, an HMAC-SHA256 of{' '}
          <code className="text-xs">t.body</code> with the endpoint's signing secret. A failed delivery is
          retried after 1 minute, 5 minutes, 30 minutes, 2 hours and 6 hours.
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        <form
          onFocus={webhookResolver.preload}
          className="grid gap-3"
          noValidate
          onSubmit={form.handleSubmit((values) =>
            create.mutate(values, {
              onSuccess: (endpoint) => {
                setCreated(endpoint);
                form.reset({ url: '', events: [...WEBHOOK_EVENTS] });
              },
              onError: (error) => {
                const field = fieldError(error, {
                  url_not_allowed: 'url',
                  validation_failed: 'url',
                } as const);
                if (field) form.setError(field.field, { message: field.message }, { shouldFocus: true });
                else notifyError(error);
              },
            }),
          )}
        >
          <FormField id="webhook-url" label="Endpoint URL" error={form.formState.errors.url?.message}>
            <Input
              type="url"
              inputMode="url"
              placeholder="https://example.com/webhooks/reviewflow"
              {...form.register('url')}
            />
          </FormField>
          <Controller
            control={form.control}
            name="events"
            render={({ field, fieldState }) => (
              <fieldset
                className="grid gap-2"
                aria-describedby={fieldState.error ? 'webhook-events-error' : undefined}
              >
                <legend className="mb-1 text-sm font-medium">Events</legend>
                {WEBHOOK_EVENTS.map((event) => (
                  <label key={event} className="flex items-start gap-3 text-sm">
                    <input
                      type="checkbox"
                      className="mt-0.5 size-4 accent-primary"
                      checked={field.value.includes(event)}
                      onChange={(e) =>
                        field.onChange(
                          e.target.checked ? [...field.value, event] : field.value.filter((v) => v !== event),
                        )
                      }
                    />
                    <span>
                      <code className="text-xs">{event}</code>
                      <span className="block text-muted-foreground">{WEBHOOK_EVENT_LABELS[event]}</span>
                    </span>
                  </label>
                ))}
                {fieldState.error ? (
                  <p id="webhook-events-error" className="text-sm text-destructive">
                    {fieldState.error.message}
                  </p>
                ) : null}
              </fieldset>
            )}
          />
          <div>
            <Button type="submit" disabled={create.isPending}>
              {create.isPending ? 'Checking the URL…' : 'Add endpoint'}
            </Button>
          </div>
        </form>

        {created ? (
          <ShownOnce
            label={`Signing secret for ${created.url}`}
            value={created.secret}
            what="Signing secret"
            onDone={() => setCreated(null)}
          />
        ) : null}

        {endpoints.isPending ? (
          <Spinner label="Loading webhooks…" />
        ) : endpoints.isError ? (
          <EmptyState
            icon={Webhook}
            title="Webhooks could not be loaded"
            description={endpoints.error.message}
          />
        ) : endpoints.data.length === 0 ? (
          <p className="text-sm text-muted-foreground">No webhook endpoints yet.</p>
        ) : (
          <ul className="grid gap-3" aria-label="Webhook endpoints">
            {endpoints.data.map((endpoint) => (
              <EndpointItem key={endpoint.id} endpoint={endpoint} onRemove={() => setRemoving(endpoint)} />
            ))}
          </ul>
        )}
      </CardContent>
      <ConfirmDialog
        open={removing !== null}
        onOpenChange={(open) => {
          if (!open) setRemoving(null);
        }}
        title="Remove this webhook endpoint?"
        description={`${removing?.url ?? ''} gets no more events, and deliveries still waiting are dropped.`}
        confirmLabel="Remove endpoint"
        pending={remove.isPending}
        pendingLabel="Removing…"
        onConfirm={() => {
          if (!removing) return;
          remove.mutate(removing.id, {
            onSuccess: () => {
              toast({ title: 'Webhook endpoint removed', description: removing.url });
              setRemoving(null);
            },
            onError: (error) => notifyError(error),
          });
        }}
      />
    </Card>
  );
}

function EndpointItem({ endpoint, onRemove }: { endpoint: WebhookEndpoint; onRemove: () => void }) {
  const [showLog, setShowLog] = useState(false);
  const sendTest = useSendTestWebhook();
  return (
    <li className="grid gap-2 rounded-md border p-3">
      <div className="grid min-w-0 gap-0.5">
        <span className="break-all font-medium">{endpoint.url}</span>
        <span className="text-xs text-muted-foreground">
          {endpoint.events.join(', ')} · Added {formatDate(endpoint.createdAt)}
        </span>
      </div>
      <div className="flex flex-wrap gap-2">
        <Button
          variant="outline"
          size="sm"
          disabled={sendTest.isPending}
          onClick={() =>
            sendTest.mutate(endpoint.id, {
              onSuccess: () => {
                setShowLog(true);
                toast({
                  title: 'Test event queued',
                  description:
                    'It goes out within seconds; the delivery log shows how your endpoint answered.',
                });
              },
              onError: (error) => notifyError(error),
            })
          }
        >
          Send test event
        </Button>
        <Button variant="outline" size="sm" aria-expanded={showLog} onClick={() => setShowLog((v) => !v)}>
          {showLog ? 'Hide delivery log' : 'Delivery log'}
        </Button>
        <Button variant="ghost" size="sm" onClick={onRemove} aria-label={`Remove ${endpoint.url}`}>
          Remove
        </Button>
      </div>
      {showLog ? <DeliveryLog endpointId={endpoint.id} /> : null}
    </li>
  );
}
