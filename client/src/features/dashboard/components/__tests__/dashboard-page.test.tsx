import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import type { DashboardCharts, DashboardStats } from '@shared/schemas/dashboard';
import type { Review } from '@shared/reviews';

import { renderWithProviders, screen, server, waitFor, within } from '@/testing/test-utils';
import { reviewFixture } from '@/testing/review-fixture';
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
      requestsSent: '+10%',
      avgResponseTime: '-15%',
    },
    period: 30,
    recent: {
      reviews: 21,
      positiveReviews: 18,
      pendingResponses: 4,
      averageRating: 4.6,
      responseRate: 81,
      avgResponseTimeDays: 1.7,
      requestsSent: 44,
      requestsNotSent: 3,
    },
    previous: {
      reviews: 19,
      positiveReviews: 17,
      pendingResponses: 2,
      averageRating: 4.6,
      responseRate: 79,
      avgResponseTimeDays: 2,
      requestsSent: 40,
      requestsNotSent: 0,
    },
    ...overrides,
  };
}

const EMPTY_WINDOW: DashboardStats['recent'] = {
  reviews: 0,
  positiveReviews: 0,
  pendingResponses: 0,
  averageRating: 0,
  responseRate: 0,
  avgResponseTimeDays: null,
  requestsSent: 0,
  requestsNotSent: 0,
};

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
    requestsSent: '0%',
    avgResponseTime: '0%',
  },
  period: 30,
  recent: EMPTY_WINDOW,
  previous: EMPTY_WINDOW,
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
  return reviewFixture({
    id: 7,
    type: 'google',
    rating: 2,
    content: 'Cold coffee and a long wait',
    reviewerName: 'Priya Shah',
    ...overrides,
  });
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
  it('when the stats load, then each figure has one card with its period, its comparison and its all-time figure', async () => {
    answer('/api', buildStats(), []);

    renderWithProviders(<DashboardPage />);

    await screen.findByRole('region', { name: 'Review statistics' });
    const expected: [string, string, RegExp, string | null][] = [
      ['Recent Reviews', '21', /\+12%\s*from 19 the previous 30 days/, 'Total Reviews: 128'],
      ['Positive Reviews', '18', /\+8\.3%\s*from 17 the previous 30 days/, 'All time: 97'],
      ['Average Rating', '4.6', /0%\s*from 4\.6 the previous 30 days/, 'All time: 4.3'],
      ['Response Rate', '81%', /\+2%\s*from 79% the previous 30 days/, 'All time: 91%'],
      ['Pending Responses', '12', /4 of them from the last 30 days/, null],
      ['Avg. Response Time', '1.7 days', /-15%\s*from 2 days the previous 30 days/, null],
      ['Requests Sent', '44', /\+10%\s*from 40 the previous 30 days/, 'Review Requests: 310'],
    ];
    for (const [title, value, comparison, allTime] of expected) {
      const group = card(title);
      expect(within(group).getByTestId('stat-value')).toHaveTextContent(value);
      expect(group).toHaveTextContent(comparison);
      if (allTime) expect(within(group).getByTestId('all-time')).toHaveTextContent(allTime);
    }
    // One card per figure: the seed's two Average Rating cards are one, its all-time figure at the foot.
    expect(screen.getAllByRole('group', { name: 'Average Rating' })).toHaveLength(1);
    expect(screen.getAllByRole('group')).toHaveLength(7 + 1); // the seven cards and the period buttons
    expect(screen.getByRole('heading', { name: 'Last 30 days' })).toBeInTheDocument();
    // The response time says what it is over, and what it leaves out; a fall reads as good news.
    const responseTime = card('Avg. Response Time');
    expect(within(responseTime).getByText('replies written in the last 30 days')).toBeInTheDocument();
    expect(within(responseTime).getByText('Imported older reviews left out')).toBeInTheDocument();
    expect(within(responseTime).getByText('-15%')).toHaveClass('text-green-700');
    expect(within(card('Requests Sent')).getByText('3 not sent: no provider configured')).toBeInTheDocument();
  });

  it('when the owner picks 7 days, then the last 7 days are fetched and shown, and the address keeps the choice', async () => {
    const asked: string[] = [];
    server.use(
      http.get('*/api/dashboard/stats', ({ request }) => {
        const period = Number(new URL(request.url).searchParams.get('period') ?? 30);
        asked.push(new URL(request.url).search);
        return HttpResponse.json(
          buildStats({ period, recent: { ...buildStats().recent, reviews: period === 7 ? 6 : 21 } }),
        );
      }),
      http.get('*/api/dashboard/charts', () => HttpResponse.json(buildCharts())),
      http.get('*/api/reviews', () => HttpResponse.json([])),
    );
    const { user, search } = renderWithProviders(<DashboardPage />, { path: '/dashboard' });

    const periods = await screen.findByRole('group', { name: 'Period' });
    expect(within(periods).getByRole('button', { name: '30 days' })).toHaveAttribute('aria-pressed', 'true');
    await user.click(within(periods).getByRole('button', { name: '7 days' }));

    await screen.findByRole('heading', { name: 'Last 7 days' });
    expect(within(card('Recent Reviews')).getByTestId('stat-value')).toHaveTextContent('6');
    expect(card('Recent Reviews')).toHaveTextContent('from 19 the previous 7 days');
    expect(within(periods).getByRole('button', { name: '7 days' })).toHaveAttribute('aria-pressed', 'true');
    expect(search()).toBe('period=7');
    expect(asked).toEqual(['', '?period=7']);
  });

  it('when the address asks for 90 days, then the dashboard opens on them; back to 30, the address is plain again', async () => {
    const asked: string[] = [];
    server.use(
      http.get('*/api/dashboard/stats', ({ request }) => {
        asked.push(new URL(request.url).search);
        const period = Number(new URL(request.url).searchParams.get('period') ?? 30);
        return HttpResponse.json(buildStats({ period }));
      }),
      http.get('*/api/dashboard/charts', () => HttpResponse.json(buildCharts())),
      http.get('*/api/reviews', () => HttpResponse.json([])),
    );
    const { user, search } = renderWithProviders(<DashboardPage />, { path: '/dashboard?period=90' });

    await screen.findByRole('heading', { name: 'Last 90 days' });
    await user.click(screen.getByRole('button', { name: '30 days' }));

    await screen.findByRole('heading', { name: 'Last 30 days' });
    expect(search()).toBe('');
    expect(asked).toEqual(['?period=90', '']);
  });

  it('when the period has no review, then its rating and rate read a dash, not 0.0 against the period before', async () => {
    answer('/api', buildStats({ recent: { ...EMPTY_WINDOW, requestsSent: 2 } }), []);

    renderWithProviders(<DashboardPage />);

    await screen.findByRole('region', { name: 'Review statistics' });
    expect(within(card('Average Rating')).getByTestId('stat-value')).toHaveTextContent('—');
    expect(card('Average Rating')).toHaveTextContent('No reviews in this period');
    expect(within(card('Response Rate')).getByTestId('stat-value')).toHaveTextContent('—');
    expect(within(card('Avg. Response Time')).getByTestId('stat-value')).toHaveTextContent('—');
    expect(card('Avg. Response Time')).toHaveTextContent('No replies in this period');
    expect(screen.queryByRole('meter', { name: 'Average rating out of 5' })).not.toBeInTheDocument();
  });

  it('when the account has no review and no request yet, then it sees its first steps and the buttons to take them, never a wall of zeros', async () => {
    answer('/api', EMPTY_STATS, [], buildCharts([0, 0, 0, 0, 0]));

    renderWithProviders(<DashboardPage />);

    const steps = await screen.findByRole('region', { name: 'Getting started' });
    expect(within(steps).getByRole('link', { name: 'Send your first review request' })).toBeInTheDocument();
    // It is the whole dashboard for now: it cannot be hidden.
    expect(within(steps).queryByRole('button', { name: 'Hide getting started' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Generate Review Link' })).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Review statistics' })).not.toBeInTheDocument();
    expect(screen.queryAllByTestId('stat-value')).toHaveLength(0);
    expect(screen.queryByText('4.2')).not.toBeInTheDocument();
    expect(screen.queryByText('85%')).not.toBeInTheDocument();
  });

  it('when the first request is out but no review has come, then the cards read zero (never the placeholder 4.2 or 85%)', async () => {
    answer('/api', { ...EMPTY_STATS, reviewRequests: 1 }, [], buildCharts([0, 0, 0, 0, 0]));

    renderWithProviders(<DashboardPage />);

    await screen.findByRole('region', { name: 'Review statistics' });
    expect(within(card('Recent Reviews')).getByTestId('stat-value')).toHaveTextContent('0');
    expect(within(card('Recent Reviews')).getByTestId('all-time')).toHaveTextContent('Total Reviews: 0');
    expect(within(card('Requests Sent')).getByTestId('all-time')).toHaveTextContent('Review Requests: 1');
    expect(screen.queryByText('4.2')).not.toBeInTheDocument();
    expect(screen.queryByText('85%')).not.toBeInTheDocument();
    expect(await screen.findByText('No reviews yet')).toBeInTheDocument();
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

  it('when there are many reviews, then the newest ten show in the page, with no scroll box, and Show more adds ten', async () => {
    const reviews = Array.from({ length: 25 }, (_, i) =>
      buildReview({ id: i + 1, reviewerName: `Customer ${i + 1}` }),
    );
    answer('/api', buildStats(), reviews);

    const { user } = renderWithProviders(<DashboardPage />);

    const list = await screen.findByRole('list', { name: 'Recent Reviews' });
    // A plain selector: role queries over a long list are slow in jsdom.
    expect(list.querySelectorAll('li')).toHaveLength(10);
    expect(list.className).not.toMatch(/overflow|max-h/);
    expect(screen.getByText('Showing 10 of 25')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Show more' }));
    expect(list.querySelectorAll('li')).toHaveLength(20);
    await user.click(screen.getByRole('button', { name: 'Show more' }));

    expect(list.querySelectorAll('li')).toHaveLength(25);
    expect(within(list).getByText('Customer 25')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Show more' })).not.toBeInTheDocument();
  }, 20_000);

  it('when an admin views a client, then the figures come from that client’s API and links stay inside', async () => {
    answer('/api/admin/clients/9', buildStats({ totalReviews: 5 }), []);

    renderWithProviders(
      <TenantProvider clientId={9}>
        <DashboardPage />
      </TenantProvider>,
    );

    await screen.findByRole('region', { name: 'Review statistics' });
    expect(within(card('Recent Reviews')).getByTestId('all-time')).toHaveTextContent('Total Reviews: 5');
    expect(screen.getByRole('link', { name: 'Manage Contacts' })).toHaveAttribute(
      'href',
      '/admin/client/9/contacts',
    );
  });
});

describe('DashboardPage quick actions', () => {
  it.each([
    ['Generate Review Link', 'Generate Review Link'],
    ['Send Review Requests', 'Send Review Request'],
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
      renderWithProviders(<TrendText trend={trend} invert={invert} previous="10" periodDays={30} />);
      const text = screen.getByText(trend);
      expect(text).toHaveAttribute('data-direction', direction);
      expect(text).toHaveClass(colour);
      expect(screen.getByText('from 10 the previous 30 days')).toBeInTheDocument();
    },
  );

  it('when there were too few before to compare, then it reads new, neutral, with no percentage', () => {
    renderWithProviders(<TrendText trend="new" previous="2" periodDays={7} />);
    const text = screen.getByText('new');
    expect(text).toHaveAttribute('data-direction', 'new');
    expect(text.className).not.toMatch(/green|red/);
    expect(screen.getByText('2 the previous 7 days, too few to compare')).toBeInTheDocument();
    expect(screen.queryByText(/%/)).not.toBeInTheDocument();
  });

  it('when nothing changed, then 0% reads neutral', () => {
    renderWithProviders(<TrendText trend="0%" previous="4.5" periodDays={90} />);
    const text = screen.getByText('0%');
    expect(text).toHaveAttribute('data-direction', 'flat');
    expect(text.className).not.toMatch(/green|red/);
    expect(screen.getByText('from 4.5 the previous 90 days')).toBeInTheDocument();
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

  it("when the period's response rate is 59%, then its bar is yellow; at 85%, green", async () => {
    answer('/api', buildStats({ recent: { ...buildStats().recent, responseRate: 59 } }), []);
    const first = renderWithProviders(<DashboardPage />);
    expect(await screen.findByRole('meter', { name: 'Share of reviews responded' })).toHaveAttribute(
      'data-tone',
      'yellow',
    );
    first.unmount();

    answer('/api', buildStats({ recent: { ...buildStats().recent, responseRate: 85 } }), []);
    renderWithProviders(<DashboardPage />);
    expect(await screen.findByRole('meter', { name: 'Share of reviews responded' })).toHaveAttribute(
      'data-tone',
      'green',
    );
  });
});

describe('Ratings raised after your reply (issue 47, item 2)', () => {
  it('when customers raised their rating after a reply, then the card counts them, names the newest and opens one', async () => {
    const nora = buildReview({
      id: 40,
      reviewerName: 'Nora Quinn',
      rating: 4,
      ratingAtReply: 1,
      responseContent: 'So sorry, Nora.',
      respondedAt: '2026-03-06T10:00:00.000Z',
    });
    answer('/api', buildStats(), [nora]);
    server.use(
      http.get('*/api/reviews/rose-after-reply', () => HttpResponse.json({ count: 6, reviews: [nora] })),
    );
    const { user } = renderWithProviders(<DashboardPage />);

    const list = await screen.findByRole('list', { name: 'Ratings raised after your reply' });
    expect(screen.getByText('6 customers raised their rating after you answered.')).toBeInTheDocument();
    expect(screen.getByText('And 5 more.')).toBeInTheDocument();
    await user.click(within(list).getByRole('button', { name: /Nora Quinn\s*1★ → 4★/ }));

    const dialog = await screen.findByRole('dialog', { name: 'Review Details' });
    expect(within(dialog).getByText('1★ → 4★ after your reply')).toBeInTheDocument();
  });

  it('when no rating rose after a reply, then there is no card', async () => {
    answer('/api', buildStats(), []);
    renderWithProviders(<DashboardPage />);

    await screen.findByRole('region', { name: 'Review statistics' });
    expect(screen.queryByText('Ratings raised after your reply')).not.toBeInTheDocument();
  });
});
