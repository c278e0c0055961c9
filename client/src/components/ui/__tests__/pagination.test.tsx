import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';

import { pageCount, Pagination, showingText } from '../pagination';

describe('Pagination', () => {
  it('when on the first of three pages, then first and previous are disabled and next goes to page 2', async () => {
    const onPageChange = vi.fn();
    render(<Pagination page={1} pageSize={10} total={23} onPageChange={onPageChange} />);

    expect(screen.getByRole('navigation', { name: 'Pagination' })).toBeInTheDocument();
    expect(screen.getByText('Showing 1 to 10 of 23 results')).toBeInTheDocument();
    expect(screen.getByText('Page 1 of 3')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'First page' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Previous page' })).toBeDisabled();

    await userEvent.click(screen.getByRole('button', { name: 'Next page' }));
    await userEvent.click(screen.getByRole('button', { name: 'Last page' }));
    expect(onPageChange.mock.calls).toEqual([[2], [3]]);
  });

  it('when on the last page, then next and last are disabled and previous goes back one', async () => {
    const onPageChange = vi.fn();
    render(<Pagination page={3} pageSize={10} total={23} onPageChange={onPageChange} label="Outbox pages" />);

    expect(screen.getByRole('navigation', { name: 'Outbox pages' })).toBeInTheDocument();
    expect(screen.getByText('Showing 21 to 23 of 23 results')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Next page' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Last page' })).toBeDisabled();

    await userEvent.click(screen.getByRole('button', { name: 'Previous page' }));
    await userEvent.click(screen.getByRole('button', { name: 'First page' }));
    expect(onPageChange.mock.calls).toEqual([[2], [1]]);
  });

  it('when nothing matches, then it reads 0 to 0 of 0 on page 1 of 1 with every button disabled', () => {
    render(<Pagination page={1} pageSize={10} total={0} onPageChange={() => {}} />);
    expect(screen.getByText('Showing 0 to 0 of 0 results')).toBeInTheDocument();
    expect(screen.getByText('Page 1 of 1')).toBeInTheDocument();
    for (const button of screen.getAllByRole('button')) expect(button).toBeDisabled();
  });

  it('counts pages and words the range', () => {
    expect(pageCount(0, 10)).toBe(1);
    expect(pageCount(21, 10)).toBe(3);
    expect(showingText(2, 10, 20)).toBe('Showing 11 to 20 of 20 results');
  });
});
