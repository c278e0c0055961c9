import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import type { Location } from '@shared/schemas/locations';

import { TenantProvider } from '@/lib/tenant';
import { renderWithProviders, screen, server } from '@/testing/test-utils';

import { PublicLinkWarning } from '../public-link-warning';

type Links = Location['publicReviewLinks'];
const NONE: Links = { google: null, facebook: null };

function location(id: number, name: string, publicReviewLinks: Links) {
  return { id, name, publicReviewLinks };
}

function useLocations(list: ReturnType<typeof location>[], path = '*/api/locations') {
  server.use(http.get(path, () => HttpResponse.json(list)));
}

const WARNING =
  "Customers of Harbour Street won't be offered Google or Facebook after they rate: it has no public review link. Connect Google or Facebook in Settings › Integrations, or add the link in Settings › Locations.";

describe('PublicLinkWarning', () => {
  it('when the chosen location has no public link, then it says so with the two ways to fix it', async () => {
    useLocations([
      location(3, 'Harbour Street', NONE),
      location(4, 'Quay', { google: 'https://g.page/r/q/review', facebook: null }),
    ]);

    renderWithProviders(<PublicLinkWarning locationId="3" />);

    const note = await screen.findByRole('status');
    expect(note).toHaveTextContent(WARNING);
    expect(screen.getByRole('link', { name: 'Settings › Integrations' })).toHaveAttribute(
      'href',
      '/settings?tab=integrations',
    );
    expect(screen.getByRole('link', { name: 'Settings › Locations' })).toHaveAttribute(
      'href',
      '/settings?tab=locations',
    );
  });

  it('when the chosen location has a Google or a Facebook link, or none is chosen yet, then nothing shows', async () => {
    useLocations([
      location(3, 'Harbour Street', { google: null, facebook: 'https://www.facebook.com/h/reviews' }),
      location(4, 'Quay', NONE),
    ]);

    renderWithProviders(
      <>
        <PublicLinkWarning locationId="3" />
        <PublicLinkWarning locationId="" />
        <PublicLinkWarning locationId={4} />
      </>,
    );

    // Only the location without a link warns (the same answer feeds all three).
    const notes = await screen.findAllByRole('status');
    expect(notes).toHaveLength(1);
    expect(notes[0]).toHaveTextContent(/^Customers of Quay won't be offered/);
  });

  it('when no location is given (Get Reviews), then it names every location without a link, in the admin view too', async () => {
    useLocations(
      [
        location(3, 'Harbour Street', NONE),
        location(4, 'Quay', { google: 'https://g.page/r/q/review', facebook: null }),
        location(5, 'Station Road', NONE),
      ],
      '*/api/admin/clients/7/locations',
    );

    renderWithProviders(
      <TenantProvider clientId={7}>
        <PublicLinkWarning />
      </TenantProvider>,
    );

    expect(await screen.findByRole('status')).toHaveTextContent(
      "Customers of Harbour Street and Station Road won't be offered Google or Facebook after they rate: they have no public review link.",
    );
    expect(screen.getByRole('link', { name: 'Settings › Integrations' })).toHaveAttribute(
      'href',
      '/admin/client/7/settings?tab=integrations',
    );
    expect(screen.getByRole('link', { name: 'Settings › Locations' })).toHaveAttribute(
      'href',
      '/admin/client/7/settings?tab=locations',
    );
  });
});
