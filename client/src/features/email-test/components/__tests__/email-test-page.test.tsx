import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';

import {
  buildUser,
  findToast,
  renderApp,
  renderWithProviders,
  screen,
  server,
  within,
} from '@/testing/test-utils';
import { TenantProvider } from '@/lib/tenant';

import { EmailTestPage } from '../email-test-page';

const outboxChannels = { email: { mode: 'outbox' }, sms: { mode: 'twilio' }, whatsapp: { mode: 'outbox' } };

describe('Email Test page', () => {
  it('when it opens, then it shows the title and which channels are in outbox mode', async () => {
    server.use(http.get('*/api/channels', () => HttpResponse.json(outboxChannels)));
    renderApp('/email-test', { user: buildUser() });

    expect(await screen.findByRole('heading', { name: 'Email Test', level: 1 })).toBeInTheDocument();
    const list = await screen.findByRole('list', { name: 'Channels' });
    const items = within(list).getAllByRole('listitem');
    expect(items[0]).toHaveTextContent('Email');
    expect(items[0]).toHaveTextContent('Outbox mode');
    expect(items[0]).toHaveTextContent('SMTP is not configured');
    expect(items[1]).toHaveTextContent('Sending via Twilio');
    expect(items[2]).toHaveTextContent('Outbox mode');
  }, 30_000);

  it('when Send test email is clicked with SMTP configured, then it shows the address, SMTP and the rendered message', async () => {
    let calls = 0;
    server.use(
      http.get('*/api/channels', () =>
        HttpResponse.json({ email: { mode: 'smtp' }, sms: { mode: 'outbox' }, whatsapp: { mode: 'outbox' } }),
      ),
      http.post('*/api/email-test', () => {
        calls += 1;
        return HttpResponse.json({
          status: 'sent',
          transport: 'smtp',
          messageId: '<abc@example.com>',
          to: 'owner@example.com',
          subject: '[Test] How was your visit to Acme Dental?',
          text: 'Hi Jane,\n\nThank you for choosing Acme Dental.',
        });
      }),
    );
    const { user } = renderWithProviders(<EmailTestPage />);

    await user.click(await screen.findByRole('button', { name: 'Send test email' }));

    const result = await screen.findByRole('region', { name: 'Test email result' });
    expect(result).toHaveTextContent('Test email sent to owner@example.com via SMTP');
    expect(result).toHaveTextContent('[Test] How was your visit to Acme Dental?');
    expect(result).toHaveTextContent('Thank you for choosing Acme Dental.');
    expect(await findToast('Test email sent')).toBeInTheDocument();
    expect(calls).toBe(1);
  });

  it('when SMTP is not configured, then the result says the email went to the outbox', async () => {
    server.use(
      http.get('*/api/channels', () => HttpResponse.json(outboxChannels)),
      http.post('*/api/email-test', () =>
        HttpResponse.json({
          status: 'outbox',
          transport: 'outbox',
          to: 'owner@example.com',
          subject: '[Test] Hello',
          text: 'Body',
        }),
      ),
    );
    const { user } = renderWithProviders(<EmailTestPage />);

    await user.click(await screen.findByRole('button', { name: 'Send test email' }));

    expect(await screen.findByRole('region', { name: 'Test email result' })).toHaveTextContent(
      'Test email for owner@example.com saved to the outbox',
    );
  });

  it('when the mail server refuses it, then the error is shown', async () => {
    server.use(
      http.get('*/api/channels', () => HttpResponse.json(outboxChannels)),
      http.post('*/api/email-test', () =>
        HttpResponse.json({
          status: 'failed',
          transport: 'smtp',
          error: 'Connection refused',
          to: 'owner@example.com',
          subject: '[Test] Hello',
          text: 'Body',
        }),
      ),
    );
    const { user } = renderWithProviders(<EmailTestPage />);

    await user.click(await screen.findByRole('button', { name: 'Send test email' }));

    expect(await screen.findByRole('region', { name: 'Test email result' })).toHaveTextContent(
      'The mail server answered: Connection refused',
    );
    expect(await findToast('Test email failed')).toBeInTheDocument();
  });

  it("when an admin works inside a client's area, then the page calls that client's API", async () => {
    const asked: string[] = [];
    server.use(
      http.get('*/api/admin/clients/7/channels', ({ request }) => {
        asked.push(new URL(request.url).pathname);
        return HttpResponse.json(outboxChannels);
      }),
      http.post('*/api/admin/clients/7/email-test', ({ request }) => {
        asked.push(new URL(request.url).pathname);
        return HttpResponse.json({
          status: 'outbox',
          transport: 'outbox',
          to: 'a@b.c',
          subject: 'S',
          text: 'T',
        });
      }),
    );
    const { user } = renderWithProviders(
      <TenantProvider clientId={7}>
        <EmailTestPage />
      </TenantProvider>,
    );

    await screen.findByRole('list', { name: 'Channels' });
    await user.click(screen.getByRole('button', { name: 'Send test email' }));
    await screen.findByRole('region', { name: 'Test email result' });

    expect(asked).toEqual(['/api/admin/clients/7/channels', '/api/admin/clients/7/email-test']);
  });
});
