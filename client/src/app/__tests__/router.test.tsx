import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it } from 'vitest';

import { act } from 'react';

import { buildAdmin, buildUser, renderApp, screen, server, waitFor, within } from '@/testing/test-utils';

describe('Route guards', () => {
  it('when the user is loading, then a spinner shows', async () => {
    server.use(http.get('*/api/user', () => new Promise<never>(() => {})));
    renderApp('/dashboard');

    expect(await screen.findByRole('status')).toHaveTextContent('Loading your account…');
  });

  it('when signed out on a protected route, then the user is sent to /auth', async () => {
    const { location } = renderApp('/reviews');

    await waitFor(() => expect(location()).toBe('/auth'));
    expect(await screen.findByRole('tab', { name: 'Login', selected: true })).toBeInTheDocument();
  });

  it('when signed out on an admin route, then the user is sent to /auth', async () => {
    const { location } = renderApp('/admin/clients');

    await waitFor(() => expect(location()).toBe('/auth'));
  });

  it('when a client opens an admin route, then they are sent to /', async () => {
    const { location } = renderApp('/admin', { user: buildUser() });

    await waitFor(() => expect(location()).toBe('/'));
  });

  it("when a client opens another client's area, then they are sent to /", async () => {
    const { location } = renderApp('/admin/client/7/reviews', { user: buildUser() });

    await waitFor(() => expect(location()).toBe('/'));
  });

  it('when an admin opens an admin route, then the admin screen shows in the shell', async () => {
    renderApp('/admin/plans', { user: buildAdmin() });

    expect(await screen.findByRole('heading', { level: 1, name: 'Plans' })).toBeInTheDocument();
    const nav = screen.getAllByRole('navigation', { name: 'Main' })[0]!;
    expect(within(nav).getByRole('link', { name: 'Email Testing' })).toHaveAttribute(
      'href',
      '/admin/email-test',
    );
  });
});

/** The browser loses or gets back its network, as the `offline` and `online` events tell a page. */
function setNetwork(online: boolean) {
  Object.defineProperty(navigator, 'onLine', { configurable: true, get: () => online });
  act(() => {
    window.dispatchEvent(new Event(online ? 'online' : 'offline'));
  });
}

describe('Without a network', () => {
  afterEach(() => setNetwork(true));

  it('when the app opens offline, then it says so instead of sending the owner to sign in, and opens once back online', async () => {
    setNetwork(false);
    const { location } = renderApp('/reviews', { user: buildUser() });

    expect(await screen.findByRole('heading', { name: 'You are offline' })).toBeInTheDocument();
    expect(location()).toBe('/reviews');
    setNetwork(true);
    expect(await screen.findByRole('heading', { level: 1, name: 'Reviews' })).toBeInTheDocument();
    expect(screen.queryByText('You are offline')).not.toBeInTheDocument();
  });

  it('when the network goes while a screen is open, then a banner says so until it is back', async () => {
    renderApp('/reviews', { user: buildUser() });
    await screen.findByRole('heading', { level: 1, name: 'Reviews' });

    setNetwork(false);
    expect(await screen.findByText('You are offline.')).toBeInTheDocument();
    setNetwork(true);
    await waitFor(() => expect(screen.queryByText('You are offline.')).not.toBeInTheDocument());
  });
});

describe('Routes', () => {
  it('when the path is unknown, then the 404 page shows with a link home', async () => {
    renderApp('/definitely/not/here');

    expect(await screen.findByRole('heading', { name: '404 Page Not Found' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /home page/i })).toHaveAttribute('href', '/');
  });

  it('when the admin client id is not a number, then the 404 page shows', async () => {
    renderApp('/admin/client/abc', { user: buildAdmin() });

    expect(await screen.findByRole('heading', { name: '404 Page Not Found' })).toBeInTheDocument();
  });

  it.each([
    ['/dashboard', 'Dashboard'],
    ['/reviews', 'Reviews'],
    ['/get-reviews', 'Get Reviews'],
    ['/contacts', 'Contacts'],
    ['/templates', 'Templates'],
    ['/settings', 'Settings'],
    ['/checkout/3', 'Checkout'],
    ['/subscribe', 'Subscribe'],
    ['/system-test', 'System Test'],
    ['/optimized-reviews', 'Review Insights'],
    ['/email-test', 'Email Test'],
    ['/review-preview', 'Review Preview'],
    ['/debug', 'Debug'],
  ])('when a client opens %s, then the header title reads %s', async (path, title) => {
    renderApp(path, { user: buildUser() });

    expect(await screen.findByRole('heading', { level: 1, name: title })).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe(`${title} · ReviewFlow`));
  });

  it('when /integrations opens, then it redirects to the settings integrations tab', async () => {
    const { location, search } = renderApp('/integrations', { user: buildUser() });

    expect(await screen.findByRole('tab', { name: 'Integrations', selected: true })).toBeInTheDocument();
    expect(location()).toBe('/settings');
    expect(search()).toBe('tab=integrations');
  });

  it('when /plans opens, then it redirects to the settings plan tab', async () => {
    server.use(
      http.get('*/api/subscription', () =>
        HttpResponse.json({
          plan: {
            id: 1,
            name: 'Free',
            priceCents: 0,
            currency: 'usd',
            reviewRequestLimit: 100,
            locationsLimit: 3,
            free: true,
          },
          usage: { periodStart: '2026-11-01T00:00:00.000Z', reviewRequests: 0, locations: 0 },
          payments: 'not_configured',
        }),
      ),
    );
    renderApp('/plans', { user: buildUser() });

    expect(await screen.findByRole('tab', { name: 'Plan', selected: true })).toBeInTheDocument();
  });

  it("when an admin opens a client's integrations, then it redirects to that client's settings tab", async () => {
    server.use(
      http.get('*/api/admin/clients/7', () =>
        HttpResponse.json({ id: 7, firstName: 'Tom', companyName: 'Tom Plumbing', email: 'tom@example.com' }),
      ),
    );
    const { location } = renderApp('/admin/client/7/integrations', { user: buildAdmin() });

    expect(await screen.findByRole('tab', { name: 'Integrations', selected: true })).toBeInTheDocument();
    expect(location()).toBe('/admin/client/7/settings');
  });
});

describe('Admin viewing a client', () => {
  it('when the client loads, then the Admin View banner names it and the menu is the client menu under its path', async () => {
    server.use(
      http.get('*/api/admin/clients/7', () =>
        HttpResponse.json({ id: 7, firstName: 'Tom', companyName: 'Tom Plumbing', email: 'tom@example.com' }),
      ),
    );
    renderApp('/admin/client/7/reviews', { user: buildAdmin() });

    const banner = await screen.findByRole('region', { name: 'Admin View' });
    expect(await within(banner).findByText('Tom Plumbing')).toBeInTheDocument();
    expect(within(banner).getByRole('link', { name: 'Back to Admin' })).toHaveAttribute(
      'href',
      '/admin/clients',
    );

    const nav = screen.getAllByRole('navigation', { name: 'Main' })[0]!;
    const links = within(nav)
      .getAllByRole('link')
      .map((link) => [link.textContent, link.getAttribute('href')]);
    expect(links).toEqual([
      ['Dashboard', '/admin/client/7'],
      ['Reviews', '/admin/client/7/reviews'],
      ['Get Reviews', '/admin/client/7/get-reviews'],
      ['Contacts', '/admin/client/7/contacts'],
      ['Templates', '/admin/client/7/templates'],
      ['Settings', '/admin/client/7/settings'],
    ]);
    expect(within(nav).getByRole('link', { name: 'Reviews' })).toHaveAttribute('aria-current', 'page');
    expect(screen.getByRole('heading', { level: 1, name: 'Reviews' })).toBeInTheDocument();
  });

  it('when the client cannot be fetched, then the banner falls back to "Client #{id}"', async () => {
    const requested: string[] = [];
    server.use(
      http.get('*/api/admin/clients/9', () => HttpResponse.json({ message: 'Not found' }, { status: 404 })),
      http.get('*/api/admin/clients/9/dashboard/stats', ({ request }) => {
        requested.push(new URL(request.url).pathname);
        return HttpResponse.json({ message: 'Not found' }, { status: 404 });
      }),
    );
    renderApp('/admin/client/9', { user: buildAdmin() });

    const banner = await screen.findByRole('region', { name: 'Admin View' });
    expect(within(banner).getByText('Client #9')).toBeInTheDocument();
    expect(await screen.findByRole('heading', { level: 1, name: 'Dashboard' })).toBeInTheDocument();
    // The client's own dashboard runs in that client's tenant: it reads the mirrored API.
    await waitFor(() => expect(requested).toContain('/api/admin/clients/9/dashboard/stats'));
  });
});
