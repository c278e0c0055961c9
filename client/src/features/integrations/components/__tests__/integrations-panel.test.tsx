import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import type { IntegrationsOverview, ProviderConnection } from '@shared/integrations';

import { findToast, renderWithProviders, screen, server, waitFor, within } from '@/testing/test-utils';

import { IntegrationsPanel } from '../integrations-panel';

const off: ProviderConnection = {
  connected: false,
  tokenStored: false,
  reconnectNeeded: false,
  lastSyncAt: null,
  lastSyncError: null,
};

function overview(
  overrides: Partial<IntegrationsOverview> = {},
  google: Partial<ProviderConnection & { locationId: string }> = {},
) {
  return {
    googleConfigured: true,
    facebookConfigured: true,
    syncIntervalMinutes: 30,
    locations: [
      {
        locationId: 4,
        locationName: 'Harbour Street',
        google: { ...off, locationId: null, ...google },
        facebook: { ...off, pageId: null },
      },
    ],
    ...overrides,
  } satisfies IntegrationsOverview;
}

const serve = (body: IntegrationsOverview) =>
  server.use(http.get('*/api/integrations', () => HttpResponse.json(body)));

describe('IntegrationsPanel', () => {
  it('when a provider is not set up on the server, then it says so in plain words and offers no Connect that can only fail', async () => {
    serve(overview({ googleConfigured: false }));
    renderWithProviders(<IntegrationsPanel onAddLocation={() => {}} />);

    const google = await screen.findByRole('region', { name: 'Google Business Profile for Harbour Street' });
    expect(within(google).queryByRole('button', { name: 'Connect Google' })).not.toBeInTheDocument();
    expect(within(google).queryByRole('link', { name: 'Connect Google' })).not.toBeInTheDocument();
    expect(
      within(google).getByText("Google isn't set up on this server: ask your administrator."),
    ).toBeVisible();
    expect(google).not.toHaveTextContent(/GOOGLE_|FACEBOOK_/);
    const facebook = screen.getByRole('region', { name: 'Facebook for Harbour Street' });
    expect(within(facebook).getByRole('link', { name: 'Connect Facebook' })).toBeInTheDocument();
  });

  it('when Google stopped accepting the connection, then it says so and offers Reconnect and Disconnect', async () => {
    serve(
      overview(
        {},
        { connected: true, tokenStored: true, reconnectNeeded: true, locationId: 'accounts/1/locations/2' },
      ),
    );
    renderWithProviders(<IntegrationsPanel onAddLocation={() => {}} />);

    const google = await screen.findByRole('region', { name: 'Google Business Profile for Harbour Street' });
    expect(within(google).getByText('Reconnect needed')).toBeInTheDocument();
    expect(google).toHaveTextContent('stopped accepting this connection');
    expect(within(google).getByRole('link', { name: 'Reconnect Google' })).toHaveAttribute(
      'href',
      '/api/integrations/google/connect?locationId=4',
    );
    expect(within(google).getByRole('button', { name: 'Disconnect' })).toBeInTheDocument();
  });

  it('when a token is stored but no Google location is chosen, then the picker links one and Disconnect removes the token', async () => {
    serve(overview({}, { tokenStored: true }));
    let linked: unknown;
    server.use(
      http.get('*/api/integrations/google/locations', () =>
        HttpResponse.json([
          { name: 'accounts/1/locations/10', title: 'Harbour St Cafe', linkedLocationId: null },
          { name: 'accounts/1/locations/11', title: 'Old Town Cafe', linkedLocationId: null },
        ]),
      ),
      http.post('*/api/integrations/google/link', async ({ request }) => {
        linked = await request.json();
        return HttpResponse.json(overview({}, { connected: true, tokenStored: true }));
      }),
    );
    const { user } = renderWithProviders(<IntegrationsPanel onAddLocation={() => {}} />, {
      path: '/settings?tab=integrations&connected=google&reason=choose_location',
    });

    expect(await screen.findByText(/manages several business locations/)).toBeInTheDocument();
    const google = screen.getByRole('region', { name: 'Google Business Profile for Harbour Street' });
    expect(within(google).getByText('Choose a location')).toBeInTheDocument();
    expect(within(google).getByRole('button', { name: 'Disconnect' })).toBeInTheDocument();
    await user.click(
      await within(google).findByRole('combobox', { name: 'Google location for Harbour Street' }),
    );
    await user.click(await screen.findByRole('option', { name: 'Harbour St Cafe' }));
    await user.click(within(google).getByRole('button', { name: 'Link' }));

    expect(await findToast('Google location linked')).toBeInTheDocument();
    expect(linked).toEqual({ locationId: 4, googleLocationId: 'accounts/1/locations/10' });
  });

  it('when connected, then it says when the last import ran and what went wrong', async () => {
    serve(
      overview(
        {},
        {
          connected: true,
          tokenStored: true,
          lastSyncAt: new Date(Date.now() - 5 * 60_000).toISOString(),
          lastSyncError: 'Google did not answer: Backend Error',
          locationId: 'accounts/1/locations/2',
        },
      ),
    );
    renderWithProviders(<IntegrationsPanel onAddLocation={() => {}} />);

    const google = await screen.findByRole('region', { name: 'Google Business Profile for Harbour Street' });
    expect(google).toHaveTextContent('Last imported 5 minutes ago');
    expect(google).toHaveTextContent('The last import failed: Google did not answer: Backend Error');
    expect(screen.getByText(/imported automatically every 30 minutes/)).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('button', { name: 'Import Google Reviews' })).toBeEnabled());
  });
});
