import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import type { DashboardCharts, DashboardStats } from '@shared/schemas/dashboard';
import type { Review } from '@shared/schemas/reviews';

import { renderWithProviders, screen, server, waitFor, within } from '@/testing/test-utils';
import { TenantProvider } from '@/lib/tenant';

import { DashboardPage } from '../dashboard-page';
import { ratingBarTone } from '../rating-bar';
import { RatingDistribution } from '../rating-distribution';
import { TrendText } from '../trend-text';

function buildStats(overrides: Partial<DashboardStats> = {}): DashboardStats {
  return {
    totalReviews: 128,
    positiveReviews: 97,
    reviewRequests: 310,
    pendingResponses: 12,
    averageRating: 4.3,
    responseRate: 91,
    trends: {
      totalReviews: '+12%',
      positiveReviews: '+8.3%',
      reviewRequests: '-5.4%',
      pendingResponses: '+50%',
      averageRating: '0%',
      responseRate: '+2%',
    },
    recent: {
      reviews: 21,
      averageRating: 4.6,
      avgResponseTimeDays: 1.7,
      requestsSent: 44,
      requestsNotSent: 3,
    },
    ...overrides,
  };
}

const EMPTY_STATS: DashboardStats = {
  totalReviews: 0,
  positiveReviews: 0,
  reviewRequests: 0,
  pendingResponses: 0,
  averageRating: 0,
  responseRate: 0,
  trends: {
    totalReviews: '0%',
    positiveReviews: '0%',
    reviewRequests: '0%',
    pendingResponses: '0%',
    averageRating: '0%',
    responseRate: '0%',
  },
  recent: { reviews: 0, averageRating: 0, avgResponseTimeDays: null, requestsSent: 0, requestsNotSent: 0 },
};

function buildCharts(counts = [1, 2, 3, 4, 5]): DashboardCharts {
  return {
    weekly: Array.from({ length: 13 }, (_, i) => ({
      weekStart: `2026-0${1 + Math.floor(i / 5)}-${String(1 + (i % 5) * 7).padStart(2, '0')}`,
      reviews: i,
      averageRating: i ? 4 : null,
    })),
    distribution: counts.map((count, i) => ({ rating: i + 1, count })),
  };
}

function buildReview(overrides: Partial<Review> = {}): Review {
  return {
    id: 7,
    type: 'google',
    rating: 2,
    content: 'Cold coffee and a long wait',
    videoUrl: null,
    contactId: null,
    locationId: null,
    locationName: null,
    reviewRequestId: null,
    reviewerName: 'Priya Shah',
    sourceUrl: null,
    createdAt: '2026-03-05T10:00:00.000Z',
    responseContent: null,
    respondedAt: null,
    responsePublishedTo: null,
    pendingReply: null,
    replyPublishState: null,
    replyPublishError: null,
    recommendation: null,
    ...overrides,
  };
}

function answer(base: string, stats: DashboardStats, reviews: Review[], charts = buildCharts()) {
  server.use(
    http.get(`*${base}/dashboard/stats`, () => HttpResponse.json(stats)),
    http.get(`*${base}/dashboard/charts`, () => HttpResponse.json(charts)),
    http.get(`*${base}/reviews`, () => HttpResponse.json(reviews)),
  );
}

const card = (name: string, region = 'Review statistics') =>
  within(screen.getByRole('region', { name: region })).getByRole('group', { name });

describe('DashboardPage', () => {
  it('when the stats load, then the six cards show the figures and their trends', async () => {
    answer('/api', buildStats(), []);

    renderWithProviders(<DashboardPage />);

    await screen.findByRole('region', { name: 'Review statistics' });
    const expected: [string, string, string][] = [
      ['Total Reviews', '128', '+12%'],
      ['Positive Reviews', '97', '+8.3%'],
      ['Review Requests', '310', '-5.4%'],
      ['Pending Responses', '12', '+50%'],
      ['Average Rating', '4.3', '0%'],
      ['Response Rate', '91%', '+2%'],
    ];
    for (const [title, value, trend] of expected) {
      const group = card(title);
      expect(within(group).getByTestId('stat-value')).toHaveTextContent(value);
      expect(within(group).getByText(trend)).toBeInTheDocument();
    }
  });

  it('when the stats load, then the last-30-days row shows recent reviews, rating, response time and requests', async () => {
    answer('/api', buildStats(), []);

    renderWithProviders(<DashboardPage />);

    const row = await screen.findByRole('region', { name: 'Last 30 days' });
    const value = (name: string) =>
      within(within(row).getByRole('group', { name })).getByTestId('stat-value');
    expect(value('Recent Reviews')).toHaveTextContent('21');
    expect(value('Average Rating')).toHaveTextContent('4.6');
    expect(value('Avg. Response Time')).toHaveTextContent('1.7 days');
    expect(value('Requests Sent')).toHaveTextContent('44');
    // The response time says what it is over, and what it leaves out.
    const responseTime = within(row).getByRole('group', { name: 'Avg. Response Time' });
    expect(within(responseTime).getByText('replies written in the last 30 days')).toBeInTheDocument();
    expect(within(responseTime).getByText('Imported older reviews left out')).toBeInTheDocument();
  });

  it('when the client has no data, then every card reads zero (never the placeholder 4.2 or 85%)', async () => {
    answer('/api', EMPTY_STATS, [], buildCharts([0, 0, 0, 0, 0]));

    renderWithProviders(<DashboardPage />);

    await screen.findByRole('region', { name: 'Review statistics' });
    expect(within(card('Total Reviews')).getByTestId('stat-value')).toHaveTextContent('0');
    expect(within(card('Average Rating')).getByTestId('stat-value')).toHaveTextContent('0.0');
    expect(within(card('Response Rate')).getByTestId('stat-value')).toHaveTextContent('0%');
    expect(screen.queryByText('4.2')).not.toBeInTheDocument();
    expect(screen.queryByText('85%')).not.toBeInTheDocument();
    expect(await screen.findByText('No reviews yet')).toBeInTheDocument();
    const row = screen.getByRole('region', { name: 'Last 30 days' });
    expect(within(row).getByRole('group', { name: 'Avg. Response Time' })).toHaveTextContent('—');
  });

  it('when a review is answered from the list, then the stats and reviews are fetched again', async () => {
    let pending = 3;
    let statsCalls = 0;
    let review = buildReview();
    server.use(
      http.get('*/api/dashboard/stats', () => {
        statsCalls += 1;
        return HttpResponse.json(buildStats({ pendingResponses: pending }));
      }),
      http.get('*/api/dashboard/charts', () => HttpResponse.json(buildCharts())),
      http.get('*/api/reviews', () => HttpResponse.json([review])),
      http.post('*/api/reviews/7/response', async ({ request }) => {
        const { responseContent } = (await request.json()) as { responseContent: string };
        pending -= 1;
        review = { ...review, responseContent, respondedAt: '2026-03-06T10:00:00.000Z' };
        return HttpResponse.json(review);
      }),
    );
    const { user } = renderWithProviders(<DashboardPage />);

    await user.click(await screen.findByRole('button', { name: /View review from Priya Shah/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Review Details' });
    await user.type(within(dialog).getByLabelText('Your response'), 'Sorry about the wait.');
    await user.click(within(dialog).getByRole('button', { name: 'Submit Response' }));
    await within(dialog).findByText(/Responded on/);
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    await waitFor(() =>
      expect(within(card('Pending Responses')).getByTestId('stat-value')).toHaveTextContent('2'),
    );
    expect(statsCalls).toBe(2);
    const list = screen.getByRole('list', { name: 'Recent Reviews' });
    await waitFor(() => expect(within(list).getByText('Responded')).toBeInTheDocument());
  }, 20_000);

  it('when a recent review is a Facebook recommendation, then it reads "Doesn\'t recommend", not one star', async () => {
    answer('/api', buildStats(), [
      buildReview({
        id: 3,
        type: 'facebook',
        rating: 1,
        recommendation: 'negative',
        reviewerName: 'Lu Chen',
      }),
    ]);

    renderWithProviders(<DashboardPage />);

    const list = await screen.findByRole('list', { name: 'Recent Reviews' });
    const entry = within(list).getByRole('listitem');
    // The button is named by the text it shows (WCAG 2.5.3); the rest of the row is read with the list.
    expect(within(entry).getByRole('button', { name: 'View review from Lu Chen' })).toBeInTheDocument();
    expect(within(entry).getByText("Doesn't recommend")).toBeInTheDocument();
    expect(within(entry).queryByRole('img', { name: /Rated/ })).not.toBeInTheDocument();
  });

  it('when every review is listed, then the list renders them all with no page size', async () => {
    const reviews = Array.from({ length: 60 }, (_, i) =>
      buildReview({ id: i + 1, reviewerName: `Customer ${i + 1}` }),
    );
    answer('/api', buildStats(), reviews);

    renderWithProviders(<DashboardPage />);

    const list = await screen.findByRole('list', { name: 'Recent Reviews' });
    // A plain selector: role queries over a long list are slow in jsdom.
    expect(list.querySelectorAll('li')).toHaveLength(60);
    expect(within(list).getByText('Customer 60')).toBeInTheDocument();
  }, 20_000);

  it('when an admin views a client, then the figures come from that client’s API and links stay inside', async () => {
    answer('/api/admin/clients/9', buildStats({ totalReviews: 5 }), []);

    renderWithProviders(
      <TenantProvider clientId={9}>
        <DashboardPage />
      </TenantProvider>,
    );

    await screen.findByRole('region', { name: 'Review statistics' });
    expect(within(card('Total Reviews')).getByTestId('stat-value')).toHaveTextContent('5');
    expect(screen.getByRole('link', { name: 'Manage Contacts' })).toHaveAttribute(
      'href',
      '/admin/client/9/contacts',
    );
  });
});

describe('DashboardPage quick actions', () => {
  it.each([
    ['Generate Review Link', 'Generate Review Link'],
    ['Send Review Requests', 'Create Review Request'],
  ])(
    'when %s is clicked, then the %s dialog opens',
    async (action, dialog) => {
      answer('/api', buildStats(), []);
      server.use(
        http.get('*/api/locations', () => HttpResponse.json([{ id: 1, name: 'Harbour Road' }])),
        http.get('*/api/contacts', () => HttpResponse.json([{ id: 2, name: 'Jordan Lee' }])),
        http.get('*/api/channels', () =>
          HttpResponse.json({
            email: { mode: 'outbox' },
            sms: { mode: 'outbox' },
            whatsapp: { mode: 'outbox' },
          }),
        ),
      );
      const { user } = renderWithProviders(<DashboardPage />);

      await user.click(await screen.findByRole('button', { name: action }));

      expect(await screen.findByRole('dialog', { name: dialog })).toBeInTheDocument();
    },
    20_000,
  );
});

describe('TrendText', () => {
  it.each([
    ['+12%', false, 'up', 'text-green-700'],
    ['-5.4%', false, 'down', 'text-red-600'],
    ['+50%', true, 'up', 'text-red-600'],
    ['-20%', true, 'down', 'text-green-700'],
  ])(
    'when the trend is %s (inverted: %s), then it reads %s in the matching colour',
    (trend, invert, direction, colour) => {
      renderWithProviders(<TrendText trend={trend} invert={invert} />);
      const text = screen.getByText(trend);
      expect(text).toHaveAttribute('data-direction', direction);
      expect(text).toHaveClass(colour);
    },
  );

  it('when there were too few before to compare, then it reads new, neutral, with no percentage', () => {
    renderWithProviders(<TrendText trend="new" />);
    const text = screen.getByText('new');
    expect(text).toHaveAttribute('data-direction', 'new');
    expect(text.className).not.toMatch(/green|red/);
    expect(screen.getByText('too few the 30 days before to compare')).toBeInTheDocument();
    expect(screen.queryByText(/%/)).not.toBeInTheDocument();
  });

  it('when nothing changed, then 0% reads neutral', () => {
    renderWithProviders(<TrendText trend="0%" />);
    const text = screen.getByText('0%');
    expect(text).toHaveAttribute('data-direction', 'flat');
    expect(text.className).not.toMatch(/green|red/);
    expect(screen.getByText('vs previous 30 days')).toBeInTheDocument();
  });
});

describe('rating bar colours', () => {
  it.each([
    [100, 'green'],
    [80, 'green'],
    [79.9, 'light-green'],
    [60, 'light-green'],
    [59, 'yellow'],
    [40, 'yellow'],
    [39.9, 'red'],
    [0, 'red'],
  ])('when the value is %s%, then the bar is %s', (percent, tone) => {
    expect(ratingBarTone(percent)).toBe(tone);
  });

  it('when the distribution renders, then each star level has its colour and its share as the length', () => {
    renderWithProviders(
      <RatingDistribution
        distribution={[
          { rating: 1, count: 1 },
          { rating: 2, count: 1 },
          { rating: 3, count: 0 },
          { rating: 4, count: 2 },
          { rating: 5, count: 6 },
        ]}
      />,
    );
    const bar = (rating: number) => screen.getByRole('meter', { name: `${rating} star reviews` });
    expect(bar(5)).toHaveAttribute('data-tone', 'green');
    expect(bar(5)).toHaveAttribute('aria-valuenow', '60');
    expect(bar(4)).toHaveAttribute('data-tone', 'green');
    expect(bar(3)).toHaveAttribute('data-tone', 'light-green');
    expect(bar(3)).toHaveAttribute('aria-valuenow', '0');
    expect(bar(2)).toHaveAttribute('data-tone', 'yellow');
    expect(bar(1)).toHaveAttribute('data-tone', 'red');
  });

  it('when the response rate is 59%, then its bar is yellow; at 85%, green', async () => {
    answer('/api', buildStats({ responseRate: 59 }), []);
    const first = renderWithProviders(<DashboardPage />);
    expect(await screen.findByRole('meter', { name: 'Share of reviews responded' })).toHaveAttribute(
      'data-tone',
      'yellow',
    );
    first.unmount();

    answer('/api', buildStats({ responseRate: 85 }), []);
    renderWithProviders(<DashboardPage />);
    expect(await screen.findByRole('meter', { name: 'Share of reviews responded' })).toHaveAttribute(
      'data-tone',
      'green',
    );
  });
});
