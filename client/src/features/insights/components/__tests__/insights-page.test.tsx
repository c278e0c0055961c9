import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import type { Insights, WaitingReview } from '@shared/schemas/insights';

import { renderWithProviders, screen, server, within } from '@/testing/test-utils';
import { reviewFixture } from '@/testing/review-fixture';

import { InsightsPage } from '../insights-page';

function waitingReview(overrides: Partial<WaitingReview> = {}): WaitingReview {
  return {
    ...reviewFixture({
      id: 3,
      type: 'facebook',
      rating: 1,
      content: 'Nobody called me back',
      locationId: 2,
      locationName: 'Harbour Road',
      reviewerName: 'Lena Park',
      createdAt: '2026-01-05T10:00:00.000Z',
    }),
    daysWaiting: 41,
    ...overrides,
  };
}

const INSIGHTS: Insights = {
  bySource: [
    { type: 'google', total: 3, averageRating: 3.3, counts: [1, 0, 0, 1, 1] },
    { type: 'private', total: 2, averageRating: 3, counts: [0, 1, 0, 1, 0] },
  ],
  byLocation: [
    { locationId: 2, locationName: 'Harbour Road', total: 4, averageRating: 3.5, counts: [1, 0, 0, 2, 1] },
    { locationId: null, locationName: null, total: 1, averageRating: 2, counts: [0, 1, 0, 0, 0] },
  ],
  words: {
    positive: [
      { word: 'friendly', count: 12 },
      { word: 'coffee', count: 7 },
    ],
    negative: [{ word: 'rude', count: 4 }],
  },
  waiting: [waitingReview(), waitingReview({ id: 4, reviewerName: 'Omar Ali', daysWaiting: 1 })],
};

describe('InsightsPage', () => {
  it('when insights load, then sources, locations, words and waiting reviews show', async () => {
    server.use(http.get('*/api/insights', () => HttpResponse.json(INSIGHTS)));

    renderWithProviders(<InsightsPage />);

    const sources = await screen.findByRole('table', { name: 'Ratings by source' });
    const google = within(sources).getByRole('row', { name: /Google/ });
    expect(within(google).getByText('3.3')).toBeInTheDocument();
    expect(within(google).getByRole('img')).toHaveAccessibleName(
      '1 star: 1, 2 star: 0, 3 star: 0, 4 star: 1, 5 star: 1',
    );
    const locations = screen.getByRole('table', { name: 'Ratings by location' });
    expect(within(locations).getByRole('rowheader', { name: 'Harbour Road' })).toBeInTheDocument();
    expect(within(locations).getByRole('rowheader', { name: 'No location' })).toBeInTheDocument();

    const happy = screen.getByRole('region', { name: 'What happy customers mention' });
    expect(
      within(happy)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['friendly12 reviews', 'coffee7 reviews']);
    const unhappy = screen.getByRole('region', { name: 'What unhappy customers mention' });
    expect(within(unhappy).getByText('rude')).toBeInTheDocument();

    expect(screen.getByText('41 days waiting')).toBeInTheDocument();
    expect(screen.getByText('1 day waiting')).toBeInTheDocument();
  });

  it('when a waiting review is clicked, then its details dialog opens', async () => {
    server.use(http.get('*/api/insights', () => HttpResponse.json(INSIGHTS)));
    const { user } = renderWithProviders(<InsightsPage />);

    await user.click(await screen.findByRole('button', { name: /Lena Park/ }));

    const dialog = await screen.findByRole('dialog', { name: 'Review Details' });
    expect(within(dialog).getByText('Nobody called me back')).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Submit Response' })).toBeInTheDocument();
  });

  it('when the client has no review, then a friendly empty state shows', async () => {
    server.use(
      http.get('*/api/insights', () =>
        HttpResponse.json({
          bySource: [],
          byLocation: [],
          words: { positive: [], negative: [] },
          waiting: [],
        }),
      ),
    );

    renderWithProviders(<InsightsPage />);

    expect(await screen.findByText('No insights yet')).toBeInTheDocument();
  });
});
