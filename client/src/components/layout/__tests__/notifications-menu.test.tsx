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

/** The menu's notifications, without its two actions (which are menu items too, for the keyboard). */
function notificationItems() {
  const actions = ['Mark all as read', 'Show more', 'Loading…'];
  return screen.getAllByRole('menuitem').filter((item) => !actions.includes(item.textContent ?? ''));
}

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

    await screen.findAllByRole('menuitem');
    const items = notificationItems();
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

    // From the keyboard alone: a menu keeps Tab to itself, so the control must be an item the arrows reach.
    const bell = await screen.findByRole('button', { name: 'Notifications, 2 unread' });
    bell.focus();
    await user.keyboard('{Enter}');
    const markAll = await screen.findByRole('menuitem', { name: 'Mark all as read' });
    await waitFor(() => expect(markAll).toHaveFocus());
    await user.keyboard('{Enter}');

    await waitFor(() => expect(reads).toEqual(['all']));
    // The menu stays open on the list, now read.
    expect(screen.getByRole('menu')).toBeInTheDocument();
  });

  it('when there are more than a page, then Show more loads the next page', async () => {
    serveBell(Array.from({ length: 25 }, (_, i) => note(25 - i)));
    const { user } = renderWithProviders(<NotificationsMenu />);

    await user.click(await screen.findByRole('button', { name: /Notifications/ }));
    await screen.findAllByRole('menuitem');
    expect(notificationItems()).toHaveLength(20);
    // Reached from the keyboard: End moves to the menu's last item.
    await user.keyboard('{End}');
    expect(screen.getByRole('menuitem', { name: 'Show more' })).toHaveFocus();
    await user.keyboard('{Enter}');

    await waitFor(() => expect(notificationItems()).toHaveLength(25));
    // The last page is in: nothing more to show.
    expect(screen.queryByRole('menuitem', { name: 'Show more' })).not.toBeInTheDocument();
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
