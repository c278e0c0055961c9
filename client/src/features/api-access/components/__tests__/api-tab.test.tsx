import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import type { ApiKey, WebhookDelivery, WebhookEndpoint } from '@shared/schemas/api-access';

import { findToast, renderWithProviders, screen, server, within } from '@/testing/test-utils';

import { ApiTab } from '../api-tab';

const FULL_KEY = 'rvf_AbCd1234efghIJKLmnopQRSTuvwxYZ01';
const keyRow = (overrides: Partial<ApiKey> = {}): ApiKey => ({
  id: 7,
  name: 'Shop till',
  prefix: 'rvf_AbCd1234',
  lastUsedAt: null,
  revokedAt: null,
  createdAt: '2026-11-20T10:00:00.000Z',
  ...overrides,
});
const endpoint: WebhookEndpoint = {
  id: 3,
  url: 'https://crm.example.com/hooks',
  events: ['review.created'],
  createdAt: '2026-11-20T10:00:00.000Z',
  disabledAt: null,
};

describe('ApiTab', () => {
  it('when the owner creates a key, then the full key is shown once with Copy and the list shows only its prefix', async () => {
    let keys: ApiKey[] = [];
    let sent: unknown;
    server.use(
      http.get('*/api/api-keys', () => HttpResponse.json(keys)),
      http.post('*/api/api-keys', async ({ request }) => {
        sent = await request.json();
        keys = [keyRow()];
        return HttpResponse.json({ ...keyRow(), key: FULL_KEY }, { status: 201 });
      }),
    );
    const { user } = renderWithProviders(<ApiTab />);

    expect(await screen.findByText('No API keys yet.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Create key' }));
    expect(await screen.findByText('Please enter a name for the key')).toBeInTheDocument();
    await user.type(screen.getByLabelText('Key name'), 'Shop till');
    await user.click(screen.getByRole('button', { name: 'Create key' }));

    const shown = await screen.findByLabelText('Your new API key “Shop till”');
    expect(shown).toHaveValue(FULL_KEY);
    expect(sent).toEqual({ name: 'Shop till' });
    await user.click(screen.getByRole('button', { name: 'Copy' }));
    expect(await findToast('API key copied')).toBeInTheDocument();
    expect(await navigator.clipboard.readText()).toBe(FULL_KEY);

    const list = await screen.findByRole('list', { name: 'API keys' });
    expect(within(list).getByText('rvf_AbCd1234…')).toBeInTheDocument();
    expect(within(list).getByText(/Never used/)).toBeInTheDocument();
    expect(list).not.toHaveTextContent(FULL_KEY);

    await user.click(screen.getByRole('button', { name: 'I have copied it' }));
    expect(screen.queryByDisplayValue(FULL_KEY)).not.toBeInTheDocument();
  });

  it('when the owner revokes a key, then a confirmation names it and only then is it revoked', async () => {
    let revoked = 0;
    let keys = [keyRow({ lastUsedAt: new Date().toISOString() })];
    server.use(
      http.get('*/api/api-keys', () => HttpResponse.json(keys)),
      http.post('*/api/api-keys/7/revoke', () => {
        revoked += 1;
        keys = [keyRow({ revokedAt: new Date().toISOString() })];
        return HttpResponse.json(keys[0]);
      }),
    );
    const { user } = renderWithProviders(<ApiTab />);

    await user.click(await screen.findByRole('button', { name: 'Revoke Shop till' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Revoke the key “Shop till”?' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(revoked).toBe(0);

    await user.click(screen.getByRole('button', { name: 'Revoke Shop till' }));
    await user.click(
      within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Revoke key' }),
    );
    expect(await findToast('API key revoked')).toBeInTheDocument();
    expect(revoked).toBe(1);
    expect(await screen.findByText('Revoked')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Revoke Shop till' })).not.toBeInTheDocument();
  });

  it('when the server refuses a webhook URL, then its reason shows at the field; an accepted one shows its secret once', async () => {
    let endpoints: WebhookEndpoint[] = [];
    const bodies: unknown[] = [];
    server.use(
      http.get('*/api/webhooks', () => HttpResponse.json(endpoints)),
      http.post('*/api/webhooks', async ({ request }) => {
        const body = (await request.json()) as { url: string };
        bodies.push(body);
        if (body.url.includes('10.0.0.1')) {
          const message =
            '10.0.0.1 is not a public internet address (local, private and reserved networks are refused).';
          return HttpResponse.json(
            { message, code: 'url_not_allowed', details: { url: [message] } },
            { status: 400 },
          );
        }
        endpoints = [endpoint];
        return HttpResponse.json({ ...endpoint, secret: 'whsec_secret123' }, { status: 201 });
      }),
    );
    const { user } = renderWithProviders(<ApiTab />);

    const url = await screen.findByLabelText('Endpoint URL');
    await user.type(url, 'https://10.0.0.1/hook');
    await user.click(screen.getByLabelText(/review\.responded/));
    await user.click(screen.getByLabelText(/review_request\.completed/));
    await user.click(screen.getByRole('button', { name: 'Add endpoint' }));
    expect(await screen.findByText(/is not a public internet address/)).toBeInTheDocument();
    expect(url).toHaveAttribute('aria-invalid', 'true');
    expect(bodies[0]).toEqual({ url: 'https://10.0.0.1/hook', events: ['review.created'] });

    await user.clear(url);
    await user.type(url, 'https://crm.example.com/hooks');
    await user.click(screen.getByRole('button', { name: 'Add endpoint' }));
    expect(await screen.findByLabelText('Signing secret for https://crm.example.com/hooks')).toHaveValue(
      'whsec_secret123',
    );
    expect(await screen.findByRole('list', { name: 'Webhook endpoints' })).toHaveTextContent(
      'https://crm.example.com/hooks',
    );
  });

  it('when the owner sends a test event, then it is queued and the delivery log shows how the endpoint answered', async () => {
    let deliveries: WebhookDelivery[] = [];
    server.use(
      http.get('*/api/webhooks', () => HttpResponse.json([endpoint])),
      http.get('*/api/webhooks/3/deliveries', () => HttpResponse.json(deliveries)),
      http.post('*/api/webhooks/3/test', () => {
        deliveries = [
          {
            id: 11,
            event: 'webhook.test',
            status: 'failed',
            attempts: 6,
            nextAttemptAt: null,
            responseStatus: 500,
            lastError: 'The endpoint answered 500',
            createdAt: new Date().toISOString(),
            deliveredAt: null,
          },
        ];
        return HttpResponse.json(deliveries[0], { status: 202 });
      }),
    );
    const { user } = renderWithProviders(<ApiTab />);

    await user.click(await screen.findByRole('button', { name: 'Send test event' }));
    expect(await findToast('Test event queued')).toBeInTheDocument();
    const log = await screen.findByRole('list', { name: 'Delivery log' });
    expect(within(log).getByText('Failed')).toBeInTheDocument();
    expect(log).toHaveTextContent('6 attempts · answered 500 · The endpoint answered 500');
  });
});
