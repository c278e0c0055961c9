import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import type { FeedbackCaseList, FeedbackCaseStatus, FeedbackCaseSummary } from '@shared/feedback-cases';

import { feedbackCaseFixture, feedbackCaseSummaryFixture as summary } from '@/testing/feedback-case-fixture';
import { reviewFixture } from '@/testing/review-fixture';
import { renderWithProviders, screen, server, within } from '@/testing/test-utils';

import { ReviewsPage } from '../reviews-page';

/**
 * The list API: the cases of each status (a page each, unless `more` gives a status a second page behind a
 * cursor), with the counts of all three. It records every URL asked, path and query.
 */
function serveCases(
  byStatus: Partial<Record<FeedbackCaseStatus, FeedbackCaseSummary[]>>,
  more: Partial<Record<FeedbackCaseStatus, FeedbackCaseSummary[]>> = {},
) {
  const asked: URL[] = [];
  const counts = { open: 0, waiting: 0, resolved: 0 };
  for (const status of ['open', 'waiting', 'resolved'] as const)
    counts[status] = (byStatus[status]?.length ?? 0) + (more[status]?.length ?? 0);
  server.use(
    http.get('*/api/feedback-cases', ({ request }) => {
      const url = new URL(request.url);
      asked.push(url);
      const status = (url.searchParams.get('status') ?? 'open') as FeedbackCaseStatus;
      const second = url.searchParams.has('cursor');
      const cursor = more[status] && !second ? '2026-03-05T10:00:00.000Z|1' : null;
      return HttpResponse.json({
        cases: (second ? more[status] : byStatus[status]) ?? [],
        counts,
        nextCursor: cursor,
      } satisfies FeedbackCaseList);
    }),
  );
  return asked;
}

const asRequested = (url: URL) => `${url.pathname}${url.search}`;

async function findSection() {
  return screen.findByRole('region', { name: 'Feedback cases' });
}

describe('the feedback cases on the Reviews page', () => {
  it('when the business has no case, then the page shows no cases section', async () => {
    renderWithProviders(<ReviewsPage />, { path: '/reviews' });
    expect(await screen.findByText('No reviews yet')).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Feedback cases' })).not.toBeInTheDocument();
    expect(screen.queryByText('Feedback cases')).not.toBeInTheDocument();
  });

  it('when cases exist, then the open ones are listed with who, stars, words, place and when, and the customer’s answer is flagged', async () => {
    const asked = serveCases({
      open: [
        summary(1, {
          customerName: 'Nora Quinn',
          rating: 2,
          excerpt: 'We waited forty minutes',
          locationName: 'Harbour Street',
          lastAuthor: 'customer',
          lastActivityAt: new Date(Date.now() - 3 * 3600_000).toISOString(),
        }),
        summary(2, { customerName: 'Ada Park', lastAuthor: 'business' }),
      ],
      waiting: [summary(3, { status: 'waiting' })],
    });
    renderWithProviders(<ReviewsPage />, { path: '/reviews' });
    const section = await findSection();
    expect(asked.map(asRequested)).toEqual(['/api/feedback-cases?status=open']);

    expect(within(section).getByRole('button', { name: 'Open (2)' })).toHaveAttribute('aria-pressed', 'true');
    expect(within(section).getByRole('button', { name: 'Waiting for customer (1)' })).toHaveAttribute(
      'aria-pressed',
      'false',
    );
    expect(within(section).getByRole('button', { name: 'Resolved (0)' })).toHaveAttribute(
      'aria-pressed',
      'false',
    );

    const nora = within(section).getByRole('button', { name: /Nora Quinn/ });
    expect(within(nora).getByRole('img', { name: 'Rated 2 out of 5' })).toBeInTheDocument();
    expect(nora).toHaveTextContent('We waited forty minutes');
    expect(nora).toHaveTextContent('Harbour Street');
    expect(nora).toHaveTextContent('3 hours ago');
    expect(within(nora).getByText('Customer answered')).toBeInTheDocument();
    // The business wrote last: nothing to flag.
    const ada = within(section).getByRole('button', { name: /Ada Park/ });
    expect(within(ada).queryByText('Customer answered')).not.toBeInTheDocument();
  });

  it('when another status is chosen by keyboard, then the server is asked for its cases and only those show', async () => {
    const asked = serveCases({
      open: [summary(1, { customerName: 'Nora Quinn', lastAuthor: 'customer' })],
      waiting: [summary(2, { status: 'waiting', customerName: 'Sam Lee', lastAuthor: 'business' })],
    });
    const { user } = renderWithProviders(<ReviewsPage />, { path: '/reviews' });
    const section = await findSection();
    const waiting = within(section).getByRole('button', { name: 'Waiting for customer (1)' });
    waiting.focus();
    await user.keyboard('{Enter}');

    expect(await within(section).findByRole('button', { name: /Sam Lee/ })).toBeInTheDocument();
    expect(asked.map(asRequested)).toEqual([
      '/api/feedback-cases?status=open',
      '/api/feedback-cases?status=waiting',
    ]);
    expect(waiting).toHaveAttribute('aria-pressed', 'true');
    expect(within(section).getByRole('button', { name: 'Open (1)' })).toHaveAttribute(
      'aria-pressed',
      'false',
    );
    expect(within(section).queryByRole('button', { name: /Nora Quinn/ })).not.toBeInTheDocument();

    // Space works too, and a status with no case says so in one line.
    within(section).getByRole('button', { name: 'Resolved (0)' }).focus();
    await user.keyboard(' ');
    expect(await within(section).findByText('No resolved cases.')).toBeInTheDocument();
    expect(asked.map(asRequested).at(-1)).toBe('/api/feedback-cases?status=resolved');
  });

  it('when there are more cases than a page, then Load more asks for the next page by its cursor and adds it', async () => {
    const asked = serveCases(
      { open: [summary(1, { customerName: 'Nora Quinn' })] },
      { open: [summary(2, { customerName: 'Ada Park' })] },
    );
    const { user } = renderWithProviders(<ReviewsPage />, { path: '/reviews' });
    const section = await findSection();
    expect(within(section).queryByRole('button', { name: /Ada Park/ })).not.toBeInTheDocument();

    await user.click(within(section).getByRole('button', { name: 'Load more' }));
    expect(await within(section).findByRole('button', { name: /Ada Park/ })).toBeInTheDocument();
    expect(within(section).getByRole('button', { name: /Nora Quinn/ })).toBeInTheDocument();
    const next = asked.at(-1)!;
    expect(next.searchParams.get('status')).toBe('open');
    expect(next.searchParams.get('cursor')).toBe('2026-03-05T10:00:00.000Z|1');
    expect(within(section).queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
  });

  it('when a case is chosen with Enter, then its review opens in the dialog with the case, by its link', async () => {
    serveCases({ open: [summary(1, { reviewId: 41, customerName: 'Nora Quinn' })] });
    server.use(
      http.get('*/api/reviews/41/feedback-case', () => HttpResponse.json({ case: feedbackCaseFixture() })),
      http.get('*/api/reviews/41', () =>
        HttpResponse.json(
          reviewFixture({ id: 41, reviewerName: 'Nora Quinn', contactId: 7, reviewRequestId: 9 }),
        ),
      ),
    );
    const { user, search } = renderWithProviders(<ReviewsPage />, { path: '/reviews' });
    const section = await findSection();
    within(section)
      .getByRole('button', { name: /Nora Quinn/ })
      .focus();
    await user.keyboard('{Enter}');

    const dialog = await screen.findByRole('dialog', { name: 'Review Details' });
    expect(await within(dialog).findByRole('region', { name: 'Feedback case' })).toBeInTheDocument();
    expect(within(dialog).getByText('Your reply will be sent to Nora Quinn by email.')).toBeInTheDocument();
    expect(search()).toContain('review=41');
  });
});
