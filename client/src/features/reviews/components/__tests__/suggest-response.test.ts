import { describe, expect, it } from 'vitest';

import { GOOGLE_CLOSING_LINE, quoteOf, suggestResponse } from '../suggest-response';

const base = { reviewerName: 'Maria Lopez', type: 'private' as const };

describe('suggestResponse', () => {
  it.each([5, 4])('when the rating is %i, then it thanks the customer and quotes the review', (rating) => {
    const text = suggestResponse({ ...base, rating, content: 'Lovely staff' });
    expect(text).toMatch(/^Hi Maria,/);
    expect(text).toContain(`Thank you so much for your wonderful ${rating}-star review!`);
    expect(text).toContain('"Lovely staff"');
    expect(text).not.toMatch(/sorry/i);
  });

  it('when the rating is exactly 3, then it answers neutrally', () => {
    const text = suggestResponse({ ...base, rating: 3, content: 'It was fine' });
    expect(text).toContain('Thank you for your feedback. We appreciate you sharing "It was fine".');
    expect(text).not.toMatch(/sorry|wonderful/i);
  });

  it.each([2, 1])('when the rating is %i, then it apologises and gives a support contact', (rating) => {
    const text = suggestResponse({ ...base, rating, content: 'Cold food' });
    expect(text).toContain("We're truly sorry to hear about your experience.");
    expect(text).toContain('"Cold food"');
    expect(text).toMatch(/contact our customer support team/);
    expect(text).not.toMatch(/wonderful/);
  });

  it('when the review is longer than 30 characters, then it quotes the first 30 and adds ...', () => {
    const content = 'The sourdough here is the best in town, really.';
    const text = suggestResponse({ ...base, rating: 5, content });
    expect(text).toContain(`"${content.slice(0, 30)}..."`);
    expect(text).not.toContain(content.slice(0, 31));
  });

  it('when the review is exactly 30 characters, then it is quoted whole without ...', () => {
    const content = 'x'.repeat(30);
    expect(quoteOf(content)).toBe(content);
    expect(quoteOf(`${content}y`)).toBe(`${content}...`);
  });

  it('when the review has no text, then it leaves the quote out', () => {
    const text = suggestResponse({ ...base, rating: 4, content: '' });
    expect(text).not.toContain('""');
    expect(text).toContain('Thank you so much for your wonderful 4-star review!');
  });

  it('when the review is from Google, then the closing line is appended, and only then', () => {
    const google = suggestResponse({ ...base, type: 'google', rating: 2, content: 'Slow' });
    const facebook = suggestResponse({ ...base, type: 'facebook', rating: 2, content: 'Slow' });
    expect(google.endsWith(GOOGLE_CLOSING_LINE)).toBe(true);
    expect(facebook).not.toContain(GOOGLE_CLOSING_LINE);
  });

  it('when the reviewer has no name, then it greets generically', () => {
    expect(suggestResponse({ ...base, reviewerName: '', rating: 5, content: 'Great' })).toMatch(/^Hello,/);
  });
});
