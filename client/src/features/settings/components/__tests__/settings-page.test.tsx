import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';

import { buildUser, renderWithProviders, screen, server, waitFor } from '@/testing/test-utils';
import type { Location } from '@shared/schemas/locations';

import { SettingsPage } from '../settings-page';

const location: Location = {
  id: 4,
  timeZone: null,
  defaultLanguage: null,
  name: 'Harbour Street',
  address: '1 Harbour St',
  googlePlaceId: null,
  googleReviewUrl: 'https://g.page/r/harbour/review',
  facebookPageUrl: null,
  googleAccessToken: 'connected',
  googleLocationId: 'locations/1',
  facebookConnected: false,
  publicLink: 'abcdefghijklmnopqrstuv',
  publicUrl: 'http://localhost:5000/review/abcdefghijklmnopqrstuv',
  publicReviewLinks: { google: 'https://g.page/r/harbour/review', facebook: null },
  createdAt: '2026-01-01T00:00:00.000Z',
};

describe('SettingsPage', () => {
  it('when the profile is saved, then PATCH /api/user gets the trimmed values', async () => {
    let sent: unknown;
    server.use(
      http.get('*/api/user', () => HttpResponse.json(buildUser({ firstName: 'Jane', companyName: 'Acme' }))),
      http.patch('*/api/user', async ({ request }) => {
        sent = await request.json();
        return HttpResponse.json(buildUser({ ...(sent as object) }));
      }),
    );
    const { user } = renderWithProviders(<SettingsPage />, { path: '/settings?tab=profile' });

    const firstName = await screen.findByLabelText('First name');
    await user.clear(firstName);
    await user.type(firstName, ' Janet ');
    await user.click(screen.getByRole('button', { name: 'Save profile' }));

    await waitFor(() => expect(sent).toMatchObject({ firstName: 'Janet', companyName: 'Acme' }));
  }, 20_000);

  it('when the current password is wrong, then the message shows under that field', async () => {
    server.use(
      http.get('*/api/user', () => HttpResponse.json(buildUser())),
      http.post('*/api/user/password', () =>
        HttpResponse.json({ message: 'Current password is incorrect' }, { status: 400 }),
      ),
    );
    const { user } = renderWithProviders(<SettingsPage />, { path: '/settings' });

    await user.type(await screen.findByLabelText('Current password'), 'wrong-one');
    await user.type(screen.getByLabelText('New password'), 'brand-new');
    await user.type(screen.getByLabelText('Confirm new password'), 'brand-nex');
    await user.click(screen.getByRole('button', { name: 'Change password' }));
    expect(await screen.findByText('Passwords do not match')).toBeInTheDocument();

    await user.clear(screen.getByLabelText('Confirm new password'));
    await user.type(screen.getByLabelText('Confirm new password'), 'brand-new');
    await user.click(screen.getByRole('button', { name: 'Change password' }));
    expect(await screen.findByText('Current password is incorrect')).toBeInTheDocument();
    expect(screen.getByLabelText('Current password')).toHaveAttribute('aria-invalid', 'true');
  }, 20_000);

  it('when the integrations tab opens, then each location shows its Google and Facebook state', async () => {
    server.use(
      http.get('*/api/integrations', () =>
        HttpResponse.json({
          googleConfigured: true,
          facebookConfigured: true,
          syncIntervalMinutes: 30,
          locations: [
            {
              locationId: location.id,
              locationName: location.name,
              google: {
                connected: true,
                tokenStored: true,
                reconnectNeeded: false,
                lastSyncAt: null,
                lastSyncError: null,
                locationId: 'accounts/1/locations/1',
              },
              facebook: {
                connected: false,
                tokenStored: false,
                reconnectNeeded: false,
                lastSyncAt: null,
                lastSyncError: null,
                pageId: null,
              },
            },
          ],
        }),
      ),
    );
    renderWithProviders(<SettingsPage />, { path: '/settings?tab=integrations' });

    const google = await screen.findByRole('region', { name: 'Google Business Profile for Harbour Street' });
    expect(google).toHaveTextContent('Connected');
    expect(screen.getByRole('button', { name: 'Disconnect' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Connect Facebook' })).toHaveAttribute(
      'href',
      '/api/integrations/facebook/connect?locationId=4',
    );
  }, 20_000);

  it('when the notifications tab is saved, then the chosen alerts are sent to the server', async () => {
    let sent: unknown;
    server.use(
      http.put('*/api/notification-settings', async ({ request }) => {
        sent = await request.json();
        return HttpResponse.json(sent as object);
      }),
    );
    const { user } = renderWithProviders(<SettingsPage />, { path: '/settings?tab=notifications' });

    const digest = await screen.findByRole('checkbox', { name: /Send me a weekly summary/ });
    expect(digest).toBeChecked();
    expect(
      screen.getByRole('checkbox', { name: /Email me when a new review needs attention/ }),
    ).toBeChecked();
    expect(screen.getByRole('combobox', { name: 'For reviews rated' })).toHaveTextContent('3 stars or fewer');
    await user.click(digest);
    await user.click(screen.getByRole('button', { name: 'Save notification settings' }));

    await waitFor(() =>
      expect(sent).toEqual({ instantAlerts: true, alertMaxRating: 3, weeklyDigest: false }),
    );
  }, 20_000);

  it('when the plan cannot be loaded, then the tab says why instead of guessing a plan', async () => {
    server.use(
      http.get('*/api/subscription', () =>
        HttpResponse.json({ message: 'The server is busy' }, { status: 503 }),
      ),
    );
    renderWithProviders(<SettingsPage />, { path: '/settings?tab=plan' });

    expect(await screen.findByRole('alert')).toHaveTextContent('The server is busy');
    expect(screen.queryByText('Free plan')).not.toBeInTheDocument();
  }, 20_000);

  it('when a location has no typed link but a connected one, then Locations shows the link customers are offered and says where it came from', async () => {
    server.use(
      http.get('*/api/user', () => HttpResponse.json(buildUser())),
      http.get('*/api/locations', () =>
        HttpResponse.json([
          {
            ...location,
            googleReviewUrl: null,
            publicReviewLinks: { google: 'https://g.page/r/connected/review', facebook: null },
          },
        ]),
      ),
    );
    renderWithProviders(<SettingsPage />, { path: '/settings?tab=locations' });

    const link = await screen.findByRole('link', { name: /g\.page/ });
    expect(link).toHaveAttribute('href', 'https://g.page/r/connected/review');
    expect(screen.getByText('from your Google connection')).toBeInTheDocument();
    expect(screen.queryByText('from your Facebook connection')).not.toBeInTheDocument();
  }, 20_000);
});
