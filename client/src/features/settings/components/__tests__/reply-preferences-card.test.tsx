import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { SIGNATURE_MESSAGE } from '@shared/schemas/reply-settings';

import { TenantProvider } from '@/lib/tenant';
import { findToast, renderWithProviders, screen, server, waitFor } from '@/testing/test-utils';

import { ReplyPreferencesCard } from '../reply-preferences-card';

describe('ReplyPreferencesCard', () => {
  it('when the owner picks a tone and a signature, then PUT /reply-settings gets them trimmed', async () => {
    let sent: Record<string, string> | undefined;
    server.use(
      http.get('*/api/reply-settings', () => HttpResponse.json({ tone: 'warm', signature: '' })),
      http.put('*/api/reply-settings', async ({ request }) => {
        sent = (await request.json()) as Record<string, string>;
        return HttpResponse.json(sent);
      }),
    );
    const { user } = renderWithProviders(<ReplyPreferencesCard />);

    expect(await screen.findByRole('radio', { name: /Warm/ })).toBeChecked();
    expect(screen.getByRole('button', { name: 'Save reply preferences' })).toBeDisabled();
    await user.click(screen.getByRole('radio', { name: /Brief/ }));
    await user.type(screen.getByLabelText('Signature'), '  — Anna, Bella Pasta ');
    await user.click(screen.getByRole('button', { name: 'Save reply preferences' }));

    await waitFor(() => expect(sent).toEqual({ tone: 'brief', signature: '— Anna, Bella Pasta' }));
    expect(await findToast('Reply preferences saved')).toBeInTheDocument();
  });

  it('when the save is refused, then the error toast says why and no saved toast shows', async () => {
    server.use(
      http.get('*/api/reply-settings', () => HttpResponse.json({ tone: 'warm', signature: '' })),
      http.put('*/api/reply-settings', () =>
        HttpResponse.json({ message: 'Database unavailable' }, { status: 503 }),
      ),
    );
    const { user } = renderWithProviders(<ReplyPreferencesCard />);

    await user.click(await screen.findByRole('radio', { name: /Brief/ }));
    await user.click(screen.getByRole('button', { name: 'Save reply preferences' }));

    expect(await findToast('Database unavailable')).toBeInTheDocument();
    expect(screen.queryByText('Reply preferences saved')).not.toBeInTheDocument();
  });

  it('when the signature is too long, then the message shows under the field and nothing is sent', async () => {
    let calls = 0;
    server.use(http.put('*/api/reply-settings', () => (calls++, HttpResponse.json({}))));
    const { user } = renderWithProviders(<ReplyPreferencesCard />);

    await user.click(await screen.findByLabelText('Signature'));
    await user.paste('x'.repeat(81));
    await user.click(screen.getByRole('button', { name: 'Save reply preferences' }));

    expect(await screen.findByText(SIGNATURE_MESSAGE)).toBeInTheDocument();
    expect(screen.getByLabelText('Signature')).toHaveAttribute('aria-invalid', 'true');
    expect(calls).toBe(0);
  });

  it("when an admin is inside a client's area, then the client's preferences are read and saved there", async () => {
    let path = '';
    server.use(
      http.get('*/api/admin/clients/7/reply-settings', () =>
        HttpResponse.json({ tone: 'professional', signature: '— The team' }),
      ),
      http.put('*/api/admin/clients/7/reply-settings', async ({ request }) => {
        path = new URL(request.url).pathname;
        return HttpResponse.json(await request.json());
      }),
    );
    const { user } = renderWithProviders(
      <TenantProvider clientId={7}>
        <ReplyPreferencesCard />
      </TenantProvider>,
    );

    expect(await screen.findByRole('radio', { name: /Professional/ })).toBeChecked();
    expect(screen.getByLabelText('Signature')).toHaveValue('— The team');
    await user.click(screen.getByRole('radio', { name: /Warm/ }));
    await user.click(screen.getByRole('button', { name: 'Save reply preferences' }));

    await waitFor(() => expect(path).toBe('/api/admin/clients/7/reply-settings'));
  });
});
