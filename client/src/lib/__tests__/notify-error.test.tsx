import { act, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

import { Toaster } from '@/components/ui/toaster';

import { ApiError } from '../api-client';
import { notifyError, toErrorState } from '../notify-error';

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
});
