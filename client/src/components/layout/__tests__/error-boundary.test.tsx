import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';

import { allowConsoleErrors } from '@/testing/console';

import { ErrorBoundary } from '../error-boundary';

function Flaky({ failures }: { failures: { left: number } }) {
  if (failures.left > 0) {
    failures.left -= 1;
    throw new Error('Reviews could not be drawn');
  }
  return <p>Recovered content</p>;
}

describe('ErrorBoundary', () => {
  it('when a child throws, then the fallback screen shows the spec texts and the error', () => {
    allowConsoleErrors(); // React reports the caught error on the console.
    render(
      <ErrorBoundary>
        <Flaky failures={{ left: Infinity }} />
      </ErrorBoundary>,
    );

    expect(screen.getByRole('heading', { name: 'Something went wrong' })).toBeInTheDocument();
    expect(screen.getByText('Reviews could not be drawn')).toBeInTheDocument();
    expect(
      screen.getByText(
        "We're sorry, but an unexpected error occurred. Please try again or contact support if the problem persists.",
      ),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Reload Page' })).toBeInTheDocument();
  });

  it('when Try Again is pressed, then the children render again', async () => {
    allowConsoleErrors();
    // Fails on the first render and on React's retry of it, then recovers.
    const failures = { left: 2 };
    render(
      <ErrorBoundary>
        <Flaky failures={failures} />
      </ErrorBoundary>,
    );
    expect(screen.getByRole('heading', { name: 'Something went wrong' })).toBeInTheDocument();
    failures.left = 0;

    await userEvent.click(screen.getByRole('button', { name: 'Try Again' }));

    expect(screen.getByText('Recovered content')).toBeInTheDocument();
  });

  it('when a reset key changes, then the error clears', () => {
    allowConsoleErrors();
    const failures = { left: 2 };
    const { rerender } = render(
      <ErrorBoundary resetKeys={['/reviews']}>
        <Flaky failures={failures} />
      </ErrorBoundary>,
    );
    failures.left = 0;

    rerender(
      <ErrorBoundary resetKeys={['/contacts']}>
        <Flaky failures={failures} />
      </ErrorBoundary>,
    );

    expect(screen.getByText('Recovered content')).toBeInTheDocument();
  });
});
