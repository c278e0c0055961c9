import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it } from 'vitest';
import type { IntegrationsOverview } from '@shared/integrations';

import { POSTER_SHARED_KEY } from '@/lib/poster-shared';
import { renderWithProviders, screen, server, within } from '@/testing/test-utils';

import { useGettingStarted } from '@/features/dashboard/api/get-getting-started';
import { GettingStarted } from '../getting-started';

const connection = (connected: boolean) => ({
  connected,
  tokenStored: connected,
  reconnectNeeded: false,
  lastSyncAt: null,
  lastSyncError: null,
});

function integrations(googleConnected: boolean): IntegrationsOverview {
  return {
    googleConfigured: true,
    facebookConfigured: false,
    syncIntervalMinutes: 30,
    locations: googleConnected
      ? [
          {
            locationId: 1,
            locationName: 'Harbour Street',
            google: { ...connection(true), locationId: 'g-1' },
            facebook: { ...connection(false), pageId: null },
          },
        ]
      : [],
  } as IntegrationsOverview;
}

function Checklist({ requests }: { requests: number }) {
  const { steps } = useGettingStarted(requests);
  return (
    <>
      <p>{steps ? 'answered' : 'loading'}</p>
      <GettingStarted steps={steps} />
    </>
  );
}

afterEach(() => window.localStorage.clear());

describe('Getting started', () => {
  it('when the account is new, then the five steps show as links, none done', async () => {
    renderWithProviders(<Checklist requests={0} />);

    const card = await screen.findByRole('region', { name: 'Getting started' });
    expect(within(card).getByText('0 of 5 done')).toBeInTheDocument();
    for (const step of [
      'Add a location',
      'Connect Google',
      'Import contacts',
      'Send your first review request',
      'Share the poster',
    ]) {
      expect(within(card).getByRole('link', { name: step })).toBeInTheDocument();
    }
  });

  it('when some steps are done, then they are ticked from the API data and the rest stay links', async () => {
    server.use(
      http.get('*/api/locations', () => HttpResponse.json([{ id: 1, name: 'Harbour Street' }])),
      http.get('*/api/contacts', () =>
        HttpResponse.json([{ id: 9 }], { headers: { 'X-Total-Count': '12' } }),
      ),
    );
    renderWithProviders(<Checklist requests={0} />);

    const card = await screen.findByRole('region', { name: 'Getting started' });
    expect(within(card).getByText('2 of 5 done')).toBeInTheDocument();
    expect(within(card).queryByRole('link', { name: 'Add a location' })).not.toBeInTheDocument();
    expect(within(card).queryByRole('link', { name: 'Import contacts' })).not.toBeInTheDocument();
    expect(within(card).getByRole('link', { name: 'Connect Google' })).toBeInTheDocument();
  });

  it('when every step is done, then the checklist is gone', async () => {
    window.localStorage.setItem(POSTER_SHARED_KEY, '1');
    server.use(
      http.get('*/api/locations', () => HttpResponse.json([{ id: 1, name: 'Harbour Street' }])),
      http.get('*/api/contacts', () => HttpResponse.json([{ id: 9 }], { headers: { 'X-Total-Count': '1' } })),
      http.get('*/api/integrations', () => HttpResponse.json(integrations(true))),
    );
    renderWithProviders(<Checklist requests={3} />);

    await screen.findByText('answered');
    expect(screen.queryByRole('region', { name: 'Getting started' })).not.toBeInTheDocument();
  });

  it('when hidden, then it stays hidden', async () => {
    const user = (await import('@testing-library/user-event')).default;
    renderWithProviders(<Checklist requests={0} />);
    await user.click(await screen.findByRole('button', { name: 'Hide getting started' }));
    expect(screen.queryByRole('region', { name: 'Getting started' })).not.toBeInTheDocument();
  });
});
