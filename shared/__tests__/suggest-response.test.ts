import { describe, expect, it } from 'vitest';

import {
  GOOGLE_CLOSING_LINE,
  looksNonEnglish,
  QUOTE_LENGTH,
  quoteOf,
  suggestResponse,
} from '../suggest-response';

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

  it.each([2, 1])(
    'when a private review is rated %i, then it apologises and asks them to reply to the message',
    (rating) => {
      const text = suggestResponse({ ...base, rating, content: 'Cold food' });
      expect(text).toContain("We're truly sorry to hear about your experience.");
      expect(text).toContain('"Cold food"');
      expect(text).toMatch(/contact our customer support team by replying to this message/);
      expect(text).not.toMatch(/wonderful/);
    },
  );

  it.each(['google', 'facebook'] as const)(
    'when a public %s review is low, then it gives a way to reach the business that works in public, never "reply to this message"',
    (type) => {
      const named = suggestResponse({ ...base, type, rating: 1, content: 'Cold food' }, 'Sunrise Bakery');
      const unnamed = suggestResponse({ ...base, type, rating: 2, content: 'Cold food' });
      expect(named).toContain('Please contact us at Sunrise Bakery directly so we can make this right.');
      expect(unnamed).toContain('Please contact us directly so we can make this right.');
      for (const text of [named, unnamed]) expect(text).not.toMatch(/reply|replying to this message/i);
    },
  );

  it('when the review is longer than 30 characters, then nothing of it is quoted, never a cut word', () => {
    const content = 'The sourdough here is the best in town, really.';
    const text = suggestResponse({ ...base, rating: 5, content });
    expect(text).toBe(
      [
        'Hi Maria,',
        'Thank you so much for your wonderful 5-star review!',
        'Our team works hard to make every visit a great one, and we look forward to welcoming you back soon.',
      ].join('\n\n'),
    );
    expect(quoteOf(content)).toBe('');
  });

  it('when the review is 30 characters or fewer, then it is quoted whole, spaces tidied', () => {
    const content = 'x'.repeat(QUOTE_LENGTH);
    expect(quoteOf(content)).toBe(content);
    expect(quoteOf(`${content}y`)).toBe('');
    expect(quoteOf('  Great   bread,\n lovely staff ')).toBe('Great bread, lovely staff');
  });

  it('when the review is in German, then the English reply quotes none of it', () => {
    const text = suggestResponse({ ...base, rating: 5, content: 'Sehr lecker, danke!' });
    expect(text).not.toContain('"');
    expect(text).toContain('Thank you so much for your wonderful 5-star review!');
    expect(suggestResponse({ ...base, rating: 2, content: 'Zu kalt und zu spät' })).not.toContain('"');
  });

  it.each([
    ['Sehr lecker, danke!', true],
    ['Das Brot war nicht frisch', true],
    ['Schöne Torten', true],
    ['Große Auswahl', true],
    ['Lovely staff', false],
    ['Great bread, friendly team', false],
    ['The best cake I ever had', false],
  ])('when the text is %j, then looksNonEnglish is %s', (content, expected) => {
    expect(looksNonEnglish(content)).toBe(expected);
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
