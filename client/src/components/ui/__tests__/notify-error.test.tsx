import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';

import { ApiError } from '@/lib/api-client';

import { notifyError, toErrorState } from '../notify-error';
import { Toaster } from '../toaster';

describe('notifyError', () => {
  it('when given an ApiError, then it shows an "Error" toast with the message and returns the error state', async () => {
    render(<Toaster />);

    let state: ReturnType<typeof notifyError> | undefined;
    act(() => {
      state = notifyError(new ApiError(500, 'Database unavailable', { retryable: true }));
    });

    expect(await screen.findByText('Error')).toBeInTheDocument();
    expect(screen.getByText('Database unavailable')).toBeInTheDocument();
    expect(state).toMatchObject({
      message: 'Database unavailable',
      details: { retryable: true },
      severity: 'error',
    });
    expect(Number.isNaN(Date.parse(state?.timestamp ?? ''))).toBe(false);
  });

  it('when the severity is warning or information, then the title says so', async () => {
    render(<Toaster />);

    act(() => {
      notifyError('Google is slow to answer', 'warning');
    });
    expect(await screen.findByText('Warning')).toBeInTheDocument();

    act(() => {
      notifyError(toErrorState(new Error('Import queued'), 'information'));
    });
    // One toast at a time (TOAST_LIMIT = 1): the newer one replaces the older.
    expect(await screen.findByText('Information')).toBeInTheDocument();
    expect(screen.queryByText('Warning')).not.toBeInTheDocument();
  });

  it('when the answer is 402 (a plan limit), then the toast offers Upgrade, which opens Settings › Plan', async () => {
    const user = userEvent.setup();
    window.history.replaceState(null, '', '/get-reviews');
    render(<Toaster />);

    act(() => {
      notifyError(new ApiError(402, 'Your Free plan includes 3 locations. Upgrade your plan to add more.'));
    });

    await user.click(await screen.findByRole('button', { name: 'Upgrade' }));
    expect(window.location.pathname + window.location.search).toBe('/settings?tab=plan');
  });

  it('when the error is not a 402, then there is no Upgrade action', async () => {
    render(<Toaster />);
    act(() => {
      notifyError(new ApiError(400, 'Name is required'));
    });
    expect(await screen.findByText('Name is required')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Upgrade' })).toBeNull();
  });
});
