import { http, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';

import { act, buildUser, findToast, renderApp, screen, server, waitFor, within } from '@/testing/test-utils';

const owner = buildUser({ firstName: 'Jane', companyName: 'Acme Dental', email: 'jane@acme.test' });

describe('Page shell on a wide screen', () => {
  it('when signed in as a client, then the sidebar lists the client menu, Help Center and Sign out', async () => {
    renderApp('/reviews', { user: owner });

    const nav = (await screen.findAllByRole('navigation', { name: 'Main' }))[0]!;
    const links = within(nav)
      .getAllByRole('link')
      .map((link) => [link.textContent, link.getAttribute('href')]);
    expect(links).toEqual([
      ['Dashboard', '/dashboard'],
      ['Reviews', '/reviews'],
      ['Get Reviews', '/get-reviews'],
      ['Contacts', '/contacts'],
      ['Templates', '/templates'],
      ['Review Insights', '/optimized-reviews'],
      ['Review Preview', '/review-preview'],
      ['Settings', '/settings'],
    ]);
    expect(within(nav).getByRole('link', { name: 'Reviews' })).toHaveAttribute('aria-current', 'page');
    expect(screen.getByRole('link', { name: 'Help Center' })).toHaveAttribute('href', '/help');
    expect(screen.getByRole('button', { name: 'Sign out' })).toBeInTheDocument();
  });

  it('when rendered, then the footer carries the current year', async () => {
    renderApp('/dashboard', { user: owner });

    expect(
      await screen.findByText(`© ${new Date().getFullYear()} ReviewFlow. All rights reserved.`),
    ).toBeInTheDocument();
  });

  it('when the user menu opens, then it shows the company name and email and its entries', async () => {
    const { user, location, search } = renderApp('/dashboard', { user: owner });

    await user.click(await screen.findByRole('button', { name: 'Acme Dental (user menu)' }));

    const menu = await screen.findByRole('menu');
    expect(within(menu).getByText('Acme Dental')).toBeInTheDocument();
    expect(within(menu).getByText('jane@acme.test')).toBeInTheDocument();
    expect(within(menu).getByRole('menuitem', { name: 'Settings' })).toHaveAttribute('href', '/settings');
    expect(within(menu).getByRole('menuitem', { name: 'Sign out' })).toBeInTheDocument();

    await user.click(within(menu).getByRole('menuitem', { name: 'Profile' }));

    await waitFor(() => expect(location()).toBe('/settings'));
    expect(search()).toBe('tab=profile');
    expect(await screen.findByRole('tab', { name: 'Profile', selected: true })).toBeInTheDocument();
  });

  it('when the company name is blank, then the user menu shows the first name', async () => {
    const { user } = renderApp('/dashboard', { user: buildUser({ firstName: 'Sam', companyName: '  ' }) });

    await user.click(await screen.findByRole('button', { name: 'Sam (user menu)' }));

    expect(within(await screen.findByRole('menu')).getByText('Sam')).toBeInTheDocument();
  });

  it('when the user menu button is first pressed with Enter, then the menu opens with the focus on its first item', async () => {
    const { user } = renderApp('/dashboard', { user: owner });

    (await screen.findByRole('button', { name: 'Acme Dental (user menu)' })).focus();
    await user.keyboard('{Enter}');

    const menu = await screen.findByRole('menu');
    await waitFor(() => expect(within(menu).getByRole('menuitem', { name: 'Profile' })).toHaveFocus());

    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('menu')).not.toBeInTheDocument());
    expect(screen.getByRole('button', { name: 'Acme Dental (user menu)' })).toHaveFocus();
  });

  it('when the notifications button is pressed, then it says there is nothing new', async () => {
    const { user } = renderApp('/dashboard', { user: owner });

    await user.click(await screen.findByRole('button', { name: 'Notifications' }));

    expect(await screen.findByText('Nothing new yet')).toBeInTheDocument();
  });

  it('when the theme is toggled, then the dark class and the stored choice follow', async () => {
    const { user } = renderApp('/dashboard', { user: owner });
    const toggle = await screen.findByRole('button', { name: 'Toggle theme' });
    expect(document.documentElement).not.toHaveClass('dark');

    await user.click(toggle);
    expect(document.documentElement).toHaveClass('dark');
    expect(window.localStorage.getItem('theme')).toBe('dark');

    await user.click(toggle);
    expect(document.documentElement).not.toHaveClass('dark');
    expect(window.localStorage.getItem('theme')).toBe('light');
  });

  it('when Sign out succeeds, then the session is cleared, the user is at /auth and told so', async () => {
    const { user, location, queryClient } = renderApp('/dashboard', { user: owner });

    await user.click(await screen.findByRole('button', { name: 'Sign out' }));

    expect(await findToast('Logged out')).toBeInTheDocument();
    expect(screen.getByText('You have been successfully logged out')).toBeInTheDocument();
    await waitFor(() => expect(location()).toBe('/auth'));
    expect(queryClient.getQueryData(['/api/user'])).toBeNull();
    expect(await screen.findByRole('button', { name: 'Sign in' })).toBeInTheDocument();
  });

  it('when Sign out fails, then a "Logout failed" toast shows the message and the user stays', async () => {
    server.use(
      http.post('*/api/logout', () => HttpResponse.json({ message: 'Session store down' }, { status: 500 })),
    );
    const { user, location } = renderApp('/dashboard', { user: owner });

    await user.click(await screen.findByRole('button', { name: 'Sign out' }));

    expect(await findToast('Logout failed')).toBeInTheDocument();
    expect(screen.getByText('Session store down')).toBeInTheDocument();
    expect(location()).toBe('/dashboard');
  });
});

describe('Page shell on a phone', () => {
  const originalWidth = window.innerWidth;
  beforeEach(() => {
    window.innerWidth = 375;
  });
  afterEach(() => {
    window.innerWidth = originalWidth;
  });

  async function openMenu() {
    const rendered = renderApp('/dashboard', { user: owner });
    await rendered.user.click(await screen.findByRole('button', { name: 'Open menu' }));
    const dialog = await screen.findByRole('dialog', { name: 'Menu' });
    return { ...rendered, dialog };
  }

  it('when the menu button is pressed, then the overlay menu opens and the page stops scrolling', async () => {
    const { dialog } = await openMenu();

    expect(within(dialog).getByRole('link', { name: 'Contacts' })).toHaveAttribute('href', '/contacts');
    expect(document.body.style.overflow).toBe('hidden');
  });

  it('when the menu is opened from the keyboard, then the focus starts on its first item, not Sign out', async () => {
    const { user } = renderApp('/dashboard', { user: owner });
    (await screen.findByRole('button', { name: 'Open menu' })).focus();

    await user.keyboard('{Enter}');

    const dialog = await screen.findByRole('dialog', { name: 'Menu' });
    const nav = within(dialog).getByRole('navigation', { name: 'Main' });
    await waitFor(() => expect(within(nav).getAllByRole('link')[0]).toHaveFocus());
    expect(document.activeElement).toHaveAccessibleName('Dashboard');
  });

  it('when Escape is pressed, then the menu closes, focus returns to the menu button and scrolling comes back', async () => {
    const { user } = await openMenu();

    await user.keyboard('{Escape}');

    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Menu' })).not.toBeInTheDocument());
    await waitFor(() => expect(screen.getByRole('button', { name: 'Open menu' })).toHaveFocus());
    expect(document.body.style.overflow).toBe('');
  });

  it('when the backdrop is clicked, then the menu closes and focus returns to the menu button', async () => {
    const { user } = await openMenu();

    await user.click(screen.getByTestId('mobile-menu-backdrop'));

    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Menu' })).not.toBeInTheDocument());
    await waitFor(() => expect(screen.getByRole('button', { name: 'Open menu' })).toHaveFocus());
  });

  it('when the page title changes, then the menu closes', async () => {
    const { navigate } = await openMenu();

    act(() => navigate('/reviews'));

    expect(await screen.findByRole('heading', { level: 1, name: 'Reviews' })).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Menu' })).not.toBeInTheDocument());
    expect(document.body.style.overflow).toBe('');
  });

  it('when a menu link is followed, then the menu closes on the new page, focus on the menu button', async () => {
    const { user, dialog, location } = await openMenu();

    await user.click(within(dialog).getByRole('link', { name: 'Settings' }));

    await waitFor(() => expect(location()).toBe('/settings'));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Menu' })).not.toBeInTheDocument());
    await waitFor(() => expect(screen.getByRole('button', { name: 'Open menu' })).toHaveFocus());
  });
});
