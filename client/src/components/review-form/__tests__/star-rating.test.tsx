import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';

import { StarRating } from '../star-rating';

function Harness({ initial = null }: { initial?: number | null }) {
  const [value, setValue] = useState<number | null>(initial);
  return <StarRating value={value} onChange={setValue} />;
}

const star = (name: string) => screen.getByRole('radio', { name });

describe('StarRating', () => {
  it('when shown, then it is a labelled radio group of five stars named "1 star" to "5 stars", none checked', () => {
    render(<Harness />);
    const group = screen.getByRole('radiogroup', { name: 'Your rating, from 1 to 5 stars' });
    const radios = screen.getAllByRole('radio');
    expect(group).toContainElement(radios[0]!);
    expect(radios.map((r) => r.getAttribute('aria-label'))).toEqual([
      '1 star',
      '2 stars',
      '3 stars',
      '4 stars',
      '5 stars',
    ]);
    expect(radios.every((r) => r.getAttribute('aria-checked') === 'false')).toBe(true);
  });

  it('when tabbing in, then only one star is a tab stop: the first, or the checked one', async () => {
    const user = userEvent.setup();
    const { unmount } = render(<Harness />);
    await user.tab();
    expect(star('1 star')).toHaveFocus();
    expect(star('1 star')).toHaveAttribute('aria-checked', 'false');
    unmount();

    render(<Harness initial={4} />);
    await user.tab();
    expect(star('4 stars')).toHaveFocus();
    expect(screen.getAllByRole('radio').filter((r) => r.tabIndex === 0)).toHaveLength(1);
  });

  it('when Enter is pressed on the focused star, then it is chosen', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    await user.tab();
    await user.keyboard('{Enter}');
    expect(star('1 star')).toHaveAttribute('aria-checked', 'true');
  });

  it('when Space or Enter is pressed, then the focused star is chosen', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    await user.tab();
    await user.keyboard(' ');
    expect(star('1 star')).toHaveAttribute('aria-checked', 'true');

    await user.keyboard('{ArrowRight}{ArrowRight}');
    await user.keyboard('{Enter}');
    expect(star('3 stars')).toHaveAttribute('aria-checked', 'true');
    expect(star('1 star')).toHaveAttribute('aria-checked', 'false');
  });

  it('when arrow keys are pressed, then focus and the choice move, wrapping at the ends; Home and End jump', async () => {
    const user = userEvent.setup();
    render(<Harness initial={2} />);
    await user.tab();

    await user.keyboard('{ArrowRight}');
    expect(star('3 stars')).toHaveFocus();
    expect(star('3 stars')).toHaveAttribute('aria-checked', 'true');

    await user.keyboard('{ArrowDown}{ArrowDown}{ArrowDown}');
    expect(star('1 star')).toHaveFocus();

    await user.keyboard('{ArrowLeft}');
    expect(star('5 stars')).toHaveFocus();
    expect(star('5 stars')).toHaveAttribute('aria-checked', 'true');

    await user.keyboard('{ArrowUp}');
    expect(star('4 stars')).toHaveFocus();

    await user.keyboard('{Home}');
    expect(star('1 star')).toHaveAttribute('aria-checked', 'true');
    await user.keyboard('{End}');
    expect(star('5 stars')).toHaveAttribute('aria-checked', 'true');
    expect(
      screen.getAllByRole('radio').filter((r) => r.getAttribute('aria-checked') === 'true'),
    ).toHaveLength(1);
  });

  it('when a star is clicked, then it is chosen and focused', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    await user.click(star('4 stars'));
    expect(star('4 stars')).toHaveAttribute('aria-checked', 'true');
    expect(star('4 stars')).toHaveFocus();
  });
});
