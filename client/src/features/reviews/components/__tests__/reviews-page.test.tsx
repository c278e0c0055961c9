import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import type { Review } from '@shared/reviews';
import type { PublicUser } from '@shared/schemas/user';

import { TenantProvider } from '@/lib/tenant';
import { reviewFixture } from '@/testing/review-fixture';
import {
  findToast,
  fireEvent,
  renderWithProviders,
  screen,
  server,
  signedInAs,
  waitFor,
  within,
} from '@/testing/test-utils';

import { GOOGLE_BANNER_KEY } from '../google-banner';
import { ReviewsPage } from '../reviews-page';
import { ReviewCards, ReviewsTable } from '../reviews-table';
import { showingText } from '@/components/ui/pagination';

function buildReview(id: number, overrides: Partial<Review> = {}): Review {
  return reviewFixture({
    id,
    type: 'google',
    rating: 5,
    content: `Review number ${id}`,
    locationId: 1,
    locationName: 'Downtown',
    reviewerName: `Customer ${id}`,
    ...overrides,
  });
}

type Location = {
  id: number;
  name: string;
  googleAccessToken: string | null;
  googleLocationId: string | null;
};

/** A fake list API over `all`, paging like the server; it records every query string it saw. */
function serveReviews(all: Review[], options: { base?: string; locations?: Location[] } = {}) {
  const { base = '/api', locations = [] } = options;
  const seen: URLSearchParams[] = [];
  server.use(
    http.get(`*${base}/reviews`, ({ request }) => {
      const params = new URL(request.url).searchParams;
      seen.push(params);
      const filter = params.get('filter') ?? 'all';
      const q = (params.get('q') ?? '').toLowerCase();
      const matching = all.filter(
        (r) =>
          (filter === 'all' ||
            (filter === 'positive' && r.rating >= 4) ||
            (filter === 'negative' && r.rating <= 3) ||
            r.type === filter) &&
          (!q || r.content.toLowerCase().includes(q) || r.reviewerName.toLowerCase().includes(q)),
      );
      const page = Number(params.get('page') ?? 1);
      const size = Number(params.get('pageSize') ?? 1000);
      return HttpResponse.json(matching.slice((page - 1) * size, page * size), {
        headers: { 'X-Total-Count': String(matching.length) },
      });
    }),
    http.get(`*${base}/locations`, () => HttpResponse.json(locations)),
  );
  return seen;
}

const many = Array.from({ length: 23 }, (_, i) =>
  buildReview(i + 1, { rating: i % 5 === 0 ? 2 : 5, responseContent: i % 2 === 0 ? 'Thanks' : null }),
);

describe('showingText', () => {
  it.each([
    [1, 10, 23, 'Showing 1 to 10 of 23 results'],
    [3, 10, 23, 'Showing 21 to 23 of 23 results'],
    [1, 10, 0, 'Showing 0 to 0 of 0 results'],
    [2, 10, 20, 'Showing 11 to 20 of 20 results'],
  ])('when on page %i of size %i with %i results, then it reads %s', (page, size, total, text) => {
    expect(showingText(page, size, total)).toBe(text);
  });
});

describe('ReviewsTable', () => {
  it('when there are no rows, then the table shows No results', () => {
    renderWithProviders(<ReviewsTable reviews={[]} onView={() => {}} />);
    expect(screen.getByRole('cell', { name: 'No results' })).toBeInTheDocument();
  });

  it('when a reply waits for Google, then its row says Not on Google yet instead of Responded or Not Responded', () => {
    const waiting = buildReview(1, { pendingReply: 'Thanks', replyPublishState: 'pending' });
    renderWithProviders(<ReviewsTable reviews={[waiting]} onView={() => {}} />);
    const row = screen.getAllByRole('row')[1]!;
    expect(within(row).getByText('Not on Google yet')).toBeInTheDocument();
    expect(within(row).queryByText(/Responded/)).not.toBeInTheDocument();
  });

  it('when a reply waits for Facebook on a phone, then its card says Not on Facebook yet', () => {
    const waiting = buildReview(1, {
      type: 'facebook',
      pendingReply: 'Thanks',
      replyPublishState: 'pending',
    });
    renderWithProviders(<ReviewCards reviews={[waiting]} onView={() => {}} />);
    const card = within(screen.getByRole('list', { name: 'Reviews' })).getByRole('listitem');
    expect(within(card).getByText('Not on Facebook yet')).toBeInTheDocument();
  });
});

const twoLocations: Location[] = [
  { id: 1, name: 'Downtown', googleAccessToken: null, googleLocationId: null },
  { id: 2, name: 'Harbour', googleAccessToken: null, googleLocationId: null },
];

describe('ReviewsPage filters in the address (issue 41)', () => {
  it('when the page is opened from a shared link, then it lists with every filter of the link and shows them', async () => {
    const seen = serveReviews(many, { locations: twoLocations });
    renderWithProviders(<ReviewsPage />, {
      path: '/reviews?filter=negative&q=number&locationId=2&from=2026-03-01&to=2026-03-31&page=2',
    });

    await waitFor(() => expect(seen.length).toBeGreaterThan(0));
    const first = seen[0]!;
    expect(Object.fromEntries(first)).toMatchObject({
      filter: 'negative',
      q: 'number',
      locationId: '2',
      from: '2026-03-01',
      to: '2026-03-31',
      page: '2',
    });
    expect(await screen.findByRole('searchbox', { name: 'Search reviews' })).toHaveValue('number');
    expect(screen.getByRole('combobox', { name: 'Filter reviews' })).toHaveTextContent(
      'Negative (1-3 stars)',
    );
    expect(screen.getByRole('combobox', { name: 'Location' })).toHaveTextContent('Harbour');
    expect(screen.getByLabelText('From')).toHaveValue('2026-03-01');
    expect(screen.getByLabelText('To')).toHaveValue('2026-03-31');
    expect(screen.getByRole('link', { name: 'Export' })).toHaveAttribute(
      'href',
      '/api/reviews/export.csv?filter=negative&q=number&locationId=2&from=2026-03-01&to=2026-03-31',
    );
  });

  it('when a location, dates, a filter and a page are chosen, then each lives in the address, and a new choice starts at page 1', async () => {
    const seen = serveReviews(many, { locations: twoLocations });
    const { user, search } = renderWithProviders(<ReviewsPage />, { path: '/reviews' });
    await screen.findByText('Showing 1 to 10 of 23 results');

    await user.click(screen.getByRole('button', { name: 'Next page' }));
    await waitFor(() => expect(search()).toBe('page=2'));
    await user.click(screen.getByRole('combobox', { name: 'Location' }));
    await user.click(await screen.findByRole('option', { name: 'Downtown' }));
    await waitFor(() => expect(search()).toBe('locationId=1'));
    fireEvent.change(screen.getByLabelText('From'), { target: { value: '2026-03-01' } });
    fireEvent.change(screen.getByLabelText('To'), { target: { value: '2026-03-31' } });
    await user.click(screen.getByRole('combobox', { name: 'Filter reviews' }));
    await user.click(await screen.findByRole('option', { name: 'Reply not on the site yet' }));

    await waitFor(() =>
      expect(Object.fromEntries(new URLSearchParams(search()))).toEqual({
        locationId: '1',
        from: '2026-03-01',
        to: '2026-03-31',
        filter: 'unpublished',
      }),
    );
    await waitFor(() =>
      expect(Object.fromEntries(seen.at(-1)!)).toMatchObject({
        filter: 'unpublished',
        locationId: '1',
        from: '2026-03-01',
        to: '2026-03-31',
        page: '1',
      }),
    );
  });

  it('when From is after To, then the page says so and lists without the dates', async () => {
    const seen = serveReviews(many);
    renderWithProviders(<ReviewsPage />, { path: '/reviews?from=2026-04-02&to=2026-04-01' });

    expect(await screen.findByRole('alert')).toHaveTextContent(
      'The From date is after the To date, so no dates are applied.',
    );
    await screen.findByText('Showing 1 to 10 of 23 results');
    expect(seen.every((p) => !p.has('from') && !p.has('to'))).toBe(true);
  });

  it('when a responder opens Reviews, then no Import, Export, Reconnect or Google banner is offered, and the list is there', async () => {
    server.use(
      signedInAs({
        id: 5,
        email: 'res@example.com',
        username: 'res',
        firstName: 'Rae',
        lastName: null,
        companyName: null,
        role: 'member',
        team: { role: 'responder', clientId: 1, businessName: 'Cafe', locationIds: null },
      } as unknown as PublicUser),
    );
    serveReviews(many, {
      locations: [{ id: 1, name: 'A', googleAccessToken: 'set', googleLocationId: 'loc/1' }],
    });
    const connection = (overrides: object) => ({
      connected: true,
      tokenStored: true,
      reconnectNeeded: true,
      lastSyncAt: null,
      lastSyncError: null,
      ...overrides,
    });
    server.use(
      http.get('*/api/integrations', () =>
        HttpResponse.json({
          googleConfigured: true,
          facebookConfigured: true,
          syncIntervalMinutes: 30,
          locations: [
            {
              locationId: 1,
              locationName: 'A',
              google: connection({ locationId: 'loc/1' }),
              facebook: connection({ pageId: '123' }),
            },
          ],
        }),
      ),
    );
    renderWithProviders(<ReviewsPage />);

    await screen.findByText('Showing 1 to 10 of 23 results');
    await waitFor(() => expect(screen.queryByRole('link', { name: 'Export' })).not.toBeInTheDocument());
    expect(screen.queryByRole('button', { name: /Import/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Google Business Profile' })).not.toBeInTheDocument();
    // A connection to redo is told, without a Reconnect button only the owner could use.
    expect(screen.getAllByText(/stopped accepting your connection/)).toHaveLength(2);
    expect(screen.queryByRole('link', { name: 'Reconnect' })).not.toBeInTheDocument();
    expect(screen.getAllByText('Ask the account owner to connect it again.')).toHaveLength(2);
    expect(screen.getAllByRole('button', { name: /^View review from/ })).toHaveLength(10);
  });
});

describe('ReviewsPage', () => {
  // This server has Google set up (the Import button needs it); a test's own handlers come first.
  beforeEach(() => {
    server.use(
      http.get('*/api/integrations', () =>
        HttpResponse.json({
          googleConfigured: true,
          facebookConfigured: false,
          syncIntervalMinutes: 30,
          locations: [],
        }),
      ),
    );
  });

  it('when Google is not set up on this server, then there is no Import Google Reviews button that can only fail', async () => {
    server.use(
      http.get('*/api/integrations', () =>
        HttpResponse.json({
          googleConfigured: false,
          facebookConfigured: false,
          syncIntervalMinutes: 30,
          locations: [],
        }),
      ),
    );
    serveReviews(many);
    renderWithProviders(<ReviewsPage />);

    await screen.findByText('Showing 1 to 10 of 23 results');
    expect(screen.queryByRole('button', { name: 'Import Google Reviews' })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Export' })).toBeInTheDocument();
  });

  it('when reviews load, then the table lists the first ten with columns, stars, badges, dates and initials', async () => {
    const seen = serveReviews(many);
    renderWithProviders(<ReviewsPage />);

    expect(await screen.findByText('Showing 1 to 10 of 23 results')).toBeInTheDocument();
    const table = screen.getByRole('table');
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Customer', 'Rating', 'Source', 'Date', 'Status', 'Actions']);
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(10);
    const first = rows[0]!;
    expect(within(first).getByText('Customer 1')).toBeInTheDocument();
    expect(within(first).getByText('C1')).toBeInTheDocument();
    expect(within(first).getByRole('img', { name: 'Rated 2 out of 5' })).toBeInTheDocument();
    expect(within(first).getByText('Google')).toBeInTheDocument();
    expect(within(first).getByText('Mar 5, 2026')).toBeInTheDocument();
    expect(within(first).getByText('Responded')).toBeInTheDocument();
    expect(within(rows[1]!).getByText('Not Responded')).toBeInTheDocument();
    expect(seen[0]!.get('page')).toBe('1');
    expect(seen[0]!.get('pageSize')).toBe('10');
    expect(seen[0]!.get('filter')).toBe('all');
  });

  it('when paging with next, last, previous and first, then it asks the server for that page', async () => {
    const seen = serveReviews(many);
    const { user } = renderWithProviders(<ReviewsPage />);
    await screen.findByText('Showing 1 to 10 of 23 results');
    expect(screen.getByRole('button', { name: 'First page' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Previous page' })).toBeDisabled();

    await user.click(screen.getByRole('button', { name: 'Next page' }));
    expect(await screen.findByText('Showing 11 to 20 of 23 results')).toBeInTheDocument();
    expect(screen.getByText('Customer 11')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Last page' }));
    expect(await screen.findByText('Showing 21 to 23 of 23 results')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Next page' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Last page' })).toBeDisabled();

    await user.click(screen.getByRole('button', { name: 'Previous page' }));
    expect(await screen.findByText('Showing 11 to 20 of 23 results')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'First page' }));
    expect(await screen.findByText('Showing 1 to 10 of 23 results')).toBeInTheDocument();
    // Pages already seen come from the cache (queries never go stale): one request per page.
    expect(seen.map((p) => p.get('page'))).toEqual(['1', '2', '3']);
  });

  it('when a filter is chosen, then the request carries it, the page resets and the export link follows', async () => {
    const seen = serveReviews(many);
    const { user } = renderWithProviders(<ReviewsPage />);
    await screen.findByText('Showing 1 to 10 of 23 results');
    await user.click(screen.getByRole('button', { name: 'Next page' }));
    await screen.findByText('Showing 11 to 20 of 23 results');

    await user.click(screen.getByRole('combobox', { name: 'Filter reviews' }));
    const options = await screen.findAllByRole('option');
    expect(options.map((o) => o.textContent)).toEqual([
      'All Reviews',
      'Positive (4-5 stars)',
      'Negative (1-3 stars)',
      'Responded',
      'Not Responded',
      'Google',
      'Facebook',
      'Private Feedback',
      'Video Testimonials',
      'Reply not on the site yet',
    ]);
    await user.click(screen.getByRole('option', { name: 'Negative (1-3 stars)' }));

    expect(await screen.findByText('Showing 1 to 5 of 5 results')).toBeInTheDocument();
    const last = seen.at(-1)!;
    expect(last.get('filter')).toBe('negative');
    expect(last.get('page')).toBe('1');
    expect(screen.getByRole('link', { name: 'Export' })).toHaveAttribute(
      'href',
      '/api/reviews/export.csv?filter=negative',
    );
  });

  it('when the account has no review at all, then it says how reviews arrive, not that a filter found none', async () => {
    serveReviews([]);
    renderWithProviders(<ReviewsPage />);

    expect(await screen.findByRole('heading', { name: 'No reviews yet' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Get Reviews' })).toHaveAttribute('href', '/get-reviews');
    expect(screen.queryByText('No reviews found matching your filter criteria.')).not.toBeInTheDocument();
  });

  it('when a search finds nothing in an empty account, then the filter text stays: the search is the answer', async () => {
    serveReviews([]);
    renderWithProviders(<ReviewsPage />, { path: '/reviews?q=toast' });

    expect(await screen.findByText('No reviews found matching your filter criteria.')).toBeInTheDocument();
  });

  it('when the filter matches nothing, then it says so', async () => {
    serveReviews(many);
    const { user } = renderWithProviders(<ReviewsPage />);
    await screen.findByText('Showing 1 to 10 of 23 results');

    await user.click(screen.getByRole('combobox', { name: 'Filter reviews' }));
    await user.click(await screen.findByRole('option', { name: 'Video Testimonials' }));

    expect(await screen.findByText('No reviews found matching your filter criteria.')).toBeInTheDocument();
    expect(screen.getByText('Showing 0 to 0 of 0 results')).toBeInTheDocument();
  });

  it('when typing a search, then one debounced request carries q', async () => {
    const seen = serveReviews(many);
    renderWithProviders(<ReviewsPage />);
    await screen.findByText('Showing 1 to 10 of 23 results');
    const box = screen.getByRole('searchbox', { name: 'Search reviews' });

    // Keystrokes faster than the debounce: only the final text is searched for.
    fireEvent.change(box, { target: { value: 'n' } });
    fireEvent.change(box, { target: { value: 'numb' } });
    fireEvent.change(box, { target: { value: ' number 7 ' } });

    expect(await screen.findByText('Showing 1 to 1 of 1 results')).toBeInTheDocument();
    expect(seen.map((p) => p.get('q')).filter(Boolean)).toEqual(['number 7']);
    expect(screen.getByRole('link', { name: 'Export' })).toHaveAttribute(
      'href',
      '/api/reviews/export.csv?filter=all&q=number+7',
    );
  });

  it('when View is clicked, then the Review Details dialog opens on that review', async () => {
    serveReviews(many);
    const { user } = renderWithProviders(<ReviewsPage />);
    await screen.findByText('Showing 1 to 10 of 23 results');

    await user.click(screen.getByRole('button', { name: 'View review from Customer 2' }));

    const dialog = await screen.findByRole('dialog', { name: 'Review Details' });
    expect(within(dialog).getByText('Review number 2')).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Submit Response' })).toBeInTheDocument();
  });

  it('when Google is not connected, then the banner links to the integrations and can be dismissed for the session', async () => {
    serveReviews(many, {
      locations: [{ id: 1, name: 'A', googleAccessToken: 'set', googleLocationId: null }],
    });
    const { user } = renderWithProviders(<ReviewsPage />);

    expect(await screen.findByText('Connect your Google Business Profile')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Connect Google' })).toHaveAttribute('href', '/integrations');

    await user.click(screen.getByRole('button', { name: 'Dismiss Google banner' }));

    expect(screen.queryByText('Connect your Google Business Profile')).not.toBeInTheDocument();
    expect(window.sessionStorage.getItem(GOOGLE_BANNER_KEY)).toBe('true');
    window.sessionStorage.clear();
  });

  it('when the banner was dismissed earlier in the session, then it stays hidden', async () => {
    window.sessionStorage.setItem(GOOGLE_BANNER_KEY, 'true');
    serveReviews(many);
    renderWithProviders(<ReviewsPage />);
    await screen.findByText('Showing 1 to 10 of 23 results');
    expect(screen.queryByRole('region', { name: 'Google Business Profile' })).not.toBeInTheDocument();
    window.sessionStorage.clear();
  });

  it('when Google is connected, then Import queues an import, shows its progress and toasts the count when done', async () => {
    serveReviews(many, {
      locations: [{ id: 1, name: 'A', googleAccessToken: 'set', googleLocationId: 'loc/1' }],
    });
    const run = (status: string, imported: number) => ({
      id: 9,
      provider: 'google',
      trigger: 'manual',
      status,
      imported,
      error: null,
      createdAt: '2026-03-01T10:00:00.000Z',
      finishedAt: status === 'done' ? '2026-03-01T10:00:05.000Z' : null,
    });
    const answers = [run('running', 3), run('done', 7)];
    server.use(
      http.post('*/api/integrations/google/import-reviews', () =>
        HttpResponse.json(run('queued', 0), { status: 202 }),
      ),
      http.get('*/api/integrations/sync-runs/9', () => HttpResponse.json(answers.shift() ?? run('done', 7))),
    );
    const { user, queryClient } = renderWithProviders(<ReviewsPage />);
    queryClient.setQueryData(['/api/dashboard/stats'], {});

    expect(await screen.findByText('Google Business Profile connected')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Import now' }));

    expect(await screen.findByText('Importing… 3 so far')).toBeInTheDocument();
    expect(screen.getAllByRole('button', { name: 'Importing...' })[0]).toBeDisabled();
    expect(await findToast('Google reviews imported')).toBeInTheDocument();
    expect(
      screen.getByText('Successfully imported 7 reviews from Google Business Profile.'),
    ).toBeInTheDocument();
    expect(queryClient.getQueryState(['/api/dashboard/stats'])?.isInvalidated).toBe(true);
  });

  it('when the queued import fails, then it toasts Import failed with the reason', async () => {
    serveReviews(many);
    server.use(
      http.post('*/api/integrations/google/import-reviews', () =>
        HttpResponse.json(
          {
            id: 4,
            provider: 'google',
            trigger: 'manual',
            status: 'queued',
            imported: 0,
            error: null,
            createdAt: '',
            finishedAt: null,
          },
          { status: 202 },
        ),
      ),
      http.get('*/api/integrations/sync-runs/4', () =>
        HttpResponse.json({
          id: 4,
          provider: 'google',
          trigger: 'manual',
          status: 'failed',
          imported: 0,
          error: 'Main Street: Google did not answer: Token has been expired or revoked.',
          createdAt: '',
          finishedAt: '',
        }),
      ),
    );
    const { user } = renderWithProviders(<ReviewsPage />);
    await screen.findByText('Showing 1 to 10 of 23 results');

    await user.click(screen.getByRole('button', { name: 'Import Google Reviews' }));

    expect(await findToast('Import failed')).toBeInTheDocument();
    expect(
      screen.getByText('Main Street: Google did not answer: Token has been expired or revoked.'),
    ).toBeInTheDocument();
  });

  it('when a Facebook page is connected, then Facebook reviews can be imported too; a broken connection asks to reconnect', async () => {
    serveReviews(many);
    const connection = (overrides: object) => ({
      connected: true,
      tokenStored: true,
      reconnectNeeded: false,
      lastSyncAt: null,
      lastSyncError: null,
      ...overrides,
    });
    server.use(
      http.get('*/api/integrations', () =>
        HttpResponse.json({
          googleConfigured: true,
          facebookConfigured: true,
          syncIntervalMinutes: 30,
          locations: [
            {
              locationId: 1,
              locationName: 'Main Street',
              google: connection({ locationId: 'accounts/1/locations/2', reconnectNeeded: true }),
              facebook: connection({ pageId: '123' }),
            },
          ],
        }),
      ),
    );
    renderWithProviders(<ReviewsPage />);

    expect(await screen.findByRole('button', { name: 'Import Facebook Reviews' })).toBeInTheDocument();
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Google Business Profile stopped accepting your connection');
    expect(within(alert).getByRole('link', { name: 'Reconnect' })).toHaveAttribute(
      'href',
      '/settings?tab=integrations',
    );
  });

  it('when the page is opened from a notification, then that review opens, and closing it leaves the list', async () => {
    serveReviews(many);
    server.use(
      http.get('*/api/reviews/77', () =>
        HttpResponse.json({ ...many[3]!, id: 77, reviewerName: 'Linked Person' }),
      ),
    );
    const { user, search } = renderWithProviders(<ReviewsPage />, { path: '/reviews?review=77' });

    const dialog = await screen.findByRole('dialog', { name: 'Review Details' });
    expect(within(dialog).getByText('Linked Person')).toBeInTheDocument();
    await user.keyboard('{Escape}');

    await waitFor(() => expect(search()).toBe(''));
  });

  it('when the import cannot start, then it toasts Import failed with the server message', async () => {
    serveReviews(many);
    server.use(
      http.post('*/api/integrations/google/import-reviews', () =>
        HttpResponse.json({ message: 'Connect Google Business Profile first' }, { status: 400 }),
      ),
    );
    const { user } = renderWithProviders(<ReviewsPage />);
    await screen.findByText('Showing 1 to 10 of 23 results');

    await user.click(screen.getByRole('button', { name: 'Import Google Reviews' }));

    expect(await findToast('Import failed')).toBeInTheDocument();
    expect(screen.getByText('Connect Google Business Profile first')).toBeInTheDocument();
  });

  it('when the screen is narrower than 768 px, then reviews show as cards, not a table', async () => {
    const width = window.innerWidth;
    window.innerWidth = 375;
    try {
      serveReviews(many);
      renderWithProviders(<ReviewsPage />);
      const list = await screen.findByRole('list', { name: 'Reviews' });
      expect(within(list).getAllByRole('listitem')).toHaveLength(10);
      expect(screen.queryByRole('table')).not.toBeInTheDocument();
    } finally {
      window.innerWidth = width;
    }
  });

  it("when an admin views a client's reviews, then the page calls the mirrored API", async () => {
    const seen = serveReviews(many.slice(0, 3), { base: '/api/admin/clients/9' });
    renderWithProviders(
      <TenantProvider clientId={9}>
        <ReviewsPage />
      </TenantProvider>,
    );
    expect(await screen.findByText('Showing 1 to 3 of 3 results')).toBeInTheDocument();
    expect(seen).toHaveLength(1);
    await waitFor(() =>
      expect(screen.getByRole('link', { name: 'Export' })).toHaveAttribute(
        'href',
        '/api/admin/clients/9/reviews/export.csv?filter=all',
      ),
    );
  });
});
