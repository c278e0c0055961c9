import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';

import { Button } from '../button';

describe('Button', () => {
  it('when its action is under way, then it keeps its name, says what it is doing and cannot be pressed again', async () => {
    const onClick = vi.fn();
    const { rerender } = render(
      <Button pending onClick={onClick} pendingLabel="Saving…">
        Save template
      </Button>,
    );

    const button = screen.getByRole('button', { name: /Save template/ });
    expect(button).toBeDisabled();
    expect(button).toHaveAttribute('aria-busy', 'true');
    expect(screen.getByRole('status')).toHaveTextContent('Saving…');
    await userEvent.click(button);
    expect(onClick).not.toHaveBeenCalled();

    rerender(
      <Button pending={false} onClick={onClick} pendingLabel="Saving…">
        Save template
      </Button>,
    );
    expect(screen.getByRole('button', { name: 'Save template' })).toBeEnabled();
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Save template' }));
    expect(onClick).toHaveBeenCalledOnce();
  });

  it('when it has an icon, then the spinner takes the icon’s place while pending and gives it back after', () => {
    const icon = <svg data-testid="send-icon" aria-hidden="true" />;
    const { rerender } = render(
      <Button icon={icon} pending={false} pendingLabel="Sending…">
        Send test email
      </Button>,
    );
    expect(screen.getByTestId('send-icon')).toBeInTheDocument();

    rerender(
      <Button icon={icon} pending pendingLabel="Sending…">
        Send test email
      </Button>,
    );
    expect(screen.queryByTestId('send-icon')).not.toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('Sending…');
    expect(screen.getByRole('button', { name: /Send test email/ })).toBeDisabled();
  });

  it('when disabled for another reason while not pending, then it stays disabled with no spinner', () => {
    render(
      <Button pending={false} pendingLabel="Saving…" disabled>
        Save profile
      </Button>,
    );
    expect(screen.getByRole('button', { name: 'Save profile' })).toBeDisabled();
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
  });

  it('when a plain button sits in a form, then pressing it does not submit the form', async () => {
    const onSubmit = vi.fn((event: React.FormEvent) => event.preventDefault());
    render(
      <form onSubmit={onSubmit}>
        <Button>Cancel</Button>
        <Button type="submit">Save</Button>
      </form>,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(onSubmit).not.toHaveBeenCalled();
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(onSubmit).toHaveBeenCalledOnce();
  });

  it('when it renders as its child (a link), then the link gets the button look and no button wrapper', () => {
    render(
      <Button asChild variant="outline">
        <a href="/settings">Settings</a>
      </Button>,
    );
    const link = screen.getByRole('link', { name: 'Settings' });
    expect(link).toHaveAttribute('data-slot', 'button');
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
  });
});
