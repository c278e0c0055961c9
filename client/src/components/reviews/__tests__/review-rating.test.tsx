import { describe, expect, it } from 'vitest';

import { render, screen } from '@/testing/test-utils';

import { ReviewRating } from '../review-rating';

describe('ReviewRating', () => {
  it('when a review has stars, then it shows them', () => {
    render(<ReviewRating review={{ rating: 4, recommendation: null }} />);
    expect(screen.getByRole('img', { name: 'Rated 4 out of 5' })).toBeInTheDocument();
    expect(screen.queryByText(/recommend/i)).not.toBeInTheDocument();
  });

  it.each([
    ['positive', 5, 'Recommends'],
    ['negative', 1, "Doesn't recommend"],
  ] as const)(
    'when a Facebook review is a %s recommendation (stand-in %i), then it reads %s, never stars',
    (recommendation, rating, text) => {
      render(<ReviewRating review={{ rating, recommendation }} />);
      expect(screen.getByText(text)).toBeInTheDocument();
      expect(screen.queryByRole('img', { name: /Rated/ })).not.toBeInTheDocument();
    },
  );
});
