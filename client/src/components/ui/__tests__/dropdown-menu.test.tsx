import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';

import { DropdownMenu, DropdownMenuContent, DropdownMenuItem, DropdownMenuTrigger } from '../dropdown-menu';

function Page() {
  return (
    <main>
      <a href="/reviews">Reviews</a>
      <DropdownMenu>
        <DropdownMenuTrigger>Account</DropdownMenuTrigger>
        <DropdownMenuContent>
          <DropdownMenuItem>Profile</DropdownMenuItem>
          <DropdownMenuItem>Sign out</DropdownMenuItem>
        </DropdownMenuContent>
      </DropdownMenu>
    </main>
  );
}

describe('DropdownMenu', () => {
  it('when open, then the page behind it is not hidden from assistive technology (issue 44)', async () => {
    render(<Page />);

    await userEvent.click(screen.getByRole('button', { name: 'Account' }));

    await screen.findByRole('menu');
    // A modal menu would set aria-hidden on the page around it while its links stay focusable.
    expect(document.querySelector('[aria-hidden="true"]')).toBeNull();
    expect(screen.getByRole('link', { name: 'Reviews' })).toBeInTheDocument();
  });

  it('when opened from the keyboard, then the arrows move through it and Escape gives the focus back', async () => {
    render(<Page />);
    screen.getByRole('button', { name: 'Account' }).focus();

    await userEvent.keyboard('{Enter}');
    await waitFor(() => expect(screen.getByRole('menuitem', { name: 'Profile' })).toHaveFocus());
    await userEvent.keyboard('{ArrowDown}');
    expect(screen.getByRole('menuitem', { name: 'Sign out' })).toHaveFocus();
    await userEvent.keyboard('{Tab}');
    expect(screen.getByRole('menuitem', { name: 'Sign out' })).toHaveFocus();

    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('menu')).not.toBeInTheDocument());
    expect(screen.getByRole('button', { name: 'Account' })).toHaveFocus();
  });
});
