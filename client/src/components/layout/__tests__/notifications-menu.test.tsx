import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Notification } from '@shared/schemas/notifications';

import { TenantProvider } from '@/lib/tenant';
import { act, renderWithProviders, screen, server, waitFor, within } from '@/testing/test-utils';

import { BELL_POLL_MS } from '../notifications-api';
import { NotificationsMenu } from '../notifications-menu';

function note(id: number, overrides: Partial<Notification> = {}): Notification {
  return {
    id,
    kind: 'review_new',
    title: `New 5-star Google review ${id}`,
    body: 'Ann: “Lovely”',
    target: `/reviews?review=${id}`,
    createdAt: new Date(Date.now() - 2 * 60_000).toISOString(),
    readAt: null,
    ...overrides,
  };
}

function serveBell(notifications: Notification[], unread = notifications.filter((n) => !n.readAt).length) {
  const reads: string[] = [];
  server.use(
    http.get('*/notifications/unread-count', () => HttpResponse.json({ unread })),
    http.get('*/notifications', ({ request }) => {
      const page = Number(new URL(request.url).searchParams.get('page') ?? 1);
      const slice = notifications.slice((page - 1) * 20, page * 20);
      return HttpResponse.json(slice, { headers: { 'X-Total-Count': String(notifications.length) } });
    }),
    http.post('*/notifications/:id/read', ({ params }) => {
      reads.push(String(params.id));
      return HttpResponse.json(note(Number(params.id), { readAt: new Date().toISOString() }));
    }),
    http.post('*/notifications/read-all', () => {
      reads.push('all');
      return HttpResponse.json({ updated: unread });
    }),
  );
  return reads;
}

afterEach(() => {
  vi.useRealTimers();
});

describe('NotificationsMenu', () => {
  it('when there are unread events, then the bell says how many and lists them newest first', async () => {
    serveBell([
      note(3),
      note(2, { kind: 'review_negative', title: 'New 1-star private review' }),
      note(1, { readAt: '2026-01-01T00:00:00Z' }),
    ]);
    const { user } = renderWithProviders(<NotificationsMenu />);

    const bell = await screen.findByRole('button', { name: 'Notifications, 2 unread' });
    await user.click(bell);

    const items = await screen.findAllByRole('menuitem');
    expect(items.map((i) => i.textContent)).toEqual([
      expect.stringContaining('New 5-star Google review 3 (unread)'),
      expect.stringContaining('New 1-star private review (unread)'),
      expect.not.stringContaining('(unread)'),
    ]);
    expect(items[0]).toHaveTextContent('2 minutes ago');
  });

  it('when one is chosen, then it is marked read and its target opens', async () => {
    const reads = serveBell([note(41)]);
    const { user, location, search } = renderWithProviders(<NotificationsMenu />);

    await user.click(await screen.findByRole('button', { name: 'Notifications, 1 unread' }));
    await user.click(await screen.findByRole('menuitem', { name: /New 5-star Google review 41/ }));

    await waitFor(() => expect(reads).toEqual(['41']));
    expect(location()).toBe('/reviews');
    expect(search()).toBe('review=41');
  });

  it("when an admin is inside a client's area, then the target opens there", async () => {
    serveBell([
      note(5, {
        target: '/settings?tab=integrations',
        kind: 'integration_reconnect',
        title: 'Connect Google Business Profile again',
      }),
    ]);
    const { user, location } = renderWithProviders(
      <TenantProvider clientId={7}>
        <NotificationsMenu />
      </TenantProvider>,
    );

    await user.click(await screen.findByRole('button', { name: 'Notifications, 1 unread' }));
    await user.click(await screen.findByRole('menuitem', { name: /Connect Google Business Profile again/ }));

    expect(location()).toBe('/admin/client/7/settings');
  });

  it('when Mark all as read is chosen, then every event is marked read', async () => {
    const reads = serveBell([note(1), note(2)]);
    const { user } = renderWithProviders(<NotificationsMenu />);

    await user.click(await screen.findByRole('button', { name: 'Notifications, 2 unread' }));
    await user.click(await screen.findByRole('button', { name: 'Mark all as read' }));

    await waitFor(() => expect(reads).toEqual(['all']));
  });

  it('when there are more than a page, then Show more loads the next page', async () => {
    serveBell(Array.from({ length: 25 }, (_, i) => note(25 - i)));
    const { user } = renderWithProviders(<NotificationsMenu />);

    await user.click(await screen.findByRole('button', { name: /Notifications/ }));
    expect(await screen.findAllByRole('menuitem')).toHaveLength(20);
    await user.click(screen.getByRole('button', { name: 'Show more' }));

    await waitFor(() => expect(screen.getAllByRole('menuitem')).toHaveLength(25));
  });

  it('when more than 99 are unread, then the bell is named with the "99+" its badge shows', async () => {
    serveBell([note(1)], 120);
    renderWithProviders(<NotificationsMenu />);

    // WCAG 2.5.3 Label in Name: a speech user sees "99+", so the name holds it.
    const bell = await screen.findByRole('button', { name: 'Notifications, 99+ unread' });
    expect(within(bell).getByText('99+')).toBeInTheDocument();
  });

  it('when nothing happened, then it says so', async () => {
    serveBell([]);
    const { user } = renderWithProviders(<NotificationsMenu />);

    await user.click(await screen.findByRole('button', { name: 'Notifications' }));

    expect(await screen.findByText('Nothing new yet')).toBeInTheDocument();
  });

  it('when the poll finds a new event, then the count rises and the review screens refetch without a reload', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    let unread = 0;
    server.use(http.get('*/notifications/unread-count', () => HttpResponse.json({ unread })));
    const { queryClient } = renderWithProviders(<NotificationsMenu />);
    queryClient.setQueryData(['/api/reviews', { page: 1 }], []);
    queryClient.setQueryData(['/api/dashboard/stats'], {});
    await screen.findByRole('button', { name: 'Notifications' });

    unread = 1;
    await act(async () => {
      await vi.advanceTimersByTimeAsync(BELL_POLL_MS);
    });

    expect(await screen.findByRole('button', { name: 'Notifications, 1 unread' })).toBeInTheDocument();
    const bell = screen.getByRole('button', { name: 'Notifications, 1 unread' });
    expect(within(bell).getByText('1')).toBeInTheDocument();
    await waitFor(() =>
      expect(queryClient.getQueryState(['/api/reviews', { page: 1 }])?.isInvalidated).toBe(true),
    );
    expect(queryClient.getQueryState(['/api/dashboard/stats'])?.isInvalidated).toBe(true);
  });
});
