import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';

import { renderWithProviders, screen, server } from '@/testing/test-utils';

import { ReviewPreviewPage } from '../review-preview-page';

const location = {
  id: 7,
  name: 'Quay Street',
  address: '1 Quay Street',
  googlePlaceId: null,
  googleReviewUrl: 'https://g.page/r/quay/review',
  facebookPageUrl: null,
  googleAccessToken: null,
  googleLocationId: null,
  facebookConnected: false,
  publicLink: 'QuayStreetPublicLink01',
  publicUrl: 'http://localhost/review/QuayStreetPublicLink01',
  createdAt: '2026-01-01T00:00:00.000Z',
};

describe('ReviewPreviewPage', () => {
  it('when the owner tries the page, then it looks like the customer page and nothing is submitted', async () => {
    let posts = 0;
    server.use(
      http.get('*/api/locations', () => HttpResponse.json([location])),
      http.get(`*/api/public/review/${location.publicLink}`, () =>
        HttpResponse.json({
          businessName: 'Harbour Coffee',
          locationName: 'Quay Street',
          contactFirstName: null,
          reviewLinks: { google: 'https://g.page/r/quay/review', facebook: null },
          alreadySubmitted: false,
          kind: 'location',
          maxVideoBytes: 1000,
          acceptedVideoTypes: ['video/webm'],
        }),
      ),
      http.post('*/api/public/review/*', () => {
        posts++;
        return HttpResponse.json({});
      }),
    );
    const { user } = renderWithProviders(<ReviewPreviewPage />);

    expect(await screen.findByText('Hi Sam,')).toBeInTheDocument();
    expect(screen.getByText('Harbour Coffee')).toBeInTheDocument();
    await user.click(screen.getByRole('radio', { name: '1 star' }));
    await user.click(screen.getByRole('button', { name: 'Submit review' }));

    expect(await screen.findByText('Preview: nothing was saved')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /Post on Google/ })).toHaveAttribute(
      'href',
      'https://g.page/r/quay/review',
    );
    expect(posts).toBe(0);
  });

  it('when the client has no location, then it says how to add one', async () => {
    server.use(http.get('*/api/locations', () => HttpResponse.json([])));
    renderWithProviders(<ReviewPreviewPage />);
    expect(await screen.findByRole('heading', { name: 'No locations yet' })).toBeInTheDocument();
  });
});
