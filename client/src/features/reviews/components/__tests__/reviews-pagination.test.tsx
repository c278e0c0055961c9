import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ReviewsPagination, showingText } from '../reviews-pagination';

describe('ReviewsPagination past the bounded count', () => {
  it('when the count is capped, then it says 10,000+ and Next goes on while Last has nowhere to go', () => {
    render(<ReviewsPagination page={1000} pageSize={10} total={10_000} capped onPageChange={() => {}} />);

    expect(screen.getByText('Showing 9991 to 10000 of 10,000+ results')).toBeInTheDocument();
    expect(screen.getByText('Page 1000 of 1,000+')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Next page' })).toBeEnabled();
    expect(screen.getByRole('button', { name: 'Last page' })).toBeDisabled();
  });

  it('when the count is exact, then the last page is the last', () => {
    expect(showingText(3, 10, 25)).toBe('Showing 21 to 25 of 25 results');
    render(<ReviewsPagination page={3} pageSize={10} total={25} onPageChange={() => {}} />);

    expect(screen.getByRole('button', { name: 'Next page' })).toBeDisabled();
  });
});
