import { providerOf } from '@shared/integrations';
import { POSITIVE_MIN_RATING, type Review } from '@shared/reviews';

/** A review this short is quoted whole; a longer one is not quoted at all (a fragment cuts its words). */
export const QUOTE_LENGTH = 30;

export const GOOGLE_CLOSING_LINE =
  'Thank you for taking the time to share your experience on Google. It helps other customers find us.';

/** Letters English text does not use, and everyday German words no English sentence contains. */
const NON_ENGLISH_LETTERS = /[äöüßÄÖÜàâçéèêëîïôûùÿñáíóú¿¡]/;
const GERMAN_WORDS = new Set(
  'und nicht sehr ist ich wir auch aber leider lecker freundlich wieder danke bitte gerne wirklich immer das der zu'.split(
    ' ',
  ),
);

/**
 * Whether the text looks like another language than English, cheaply: a letter English does not use, or an
 * everyday German word. The fallback reply is English (languages come later): it must not quote other words.
 */
export function looksNonEnglish(content: string): boolean {
  if (NON_ENGLISH_LETTERS.test(content)) return true;
  const words = content.toLowerCase().match(/[a-z]+/g) ?? [];
  return words.some((word) => GERMAN_WORDS.has(word));
}

/** The whole review when it is at most 30 characters, else nothing: never a fragment cut mid-word. */
export function quoteOf(content: string): string {
  const text = content.trim().replace(/\s+/g, ' ');
  return Array.from(text).length <= QUOTE_LENGTH ? text : '';
}

/**
 * The template reply of the suggestion button (seed-spec section 9, as issue 41 corrected it): thanks for 4
 * stars or more, a neutral reply for exactly 3, an apology with a way to reach the business below 3. It
 * quotes a short English review whole, and a Google review gets a closing line. A Google or Facebook reply is
 * public: its reviewer cannot "reply to this message", so they are asked to contact the business directly.
 */
export function suggestResponse(
  review: Pick<Review, 'rating' | 'content' | 'reviewerName' | 'type'>,
  business = '',
): string {
  const name = review.reviewerName?.trim().split(/\s+/)[0];
  const greeting = name ? `Hi ${name},` : 'Hello,';
  const content = review.content ?? '';
  const quote = looksNonEnglish(content) ? '' : quoteOf(content);
  const isPublic = providerOf(review.type) !== null;
  const lines: string[] = [greeting];

  if (review.rating >= POSITIVE_MIN_RATING) {
    lines.push(
      quote
        ? `Thank you so much for your wonderful ${review.rating}-star review! We're thrilled to read "${quote}".`
        : `Thank you so much for your wonderful ${review.rating}-star review!`,
      'Our team works hard to make every visit a great one, and we look forward to welcoming you back soon.',
    );
  } else if (review.rating === 3) {
    lines.push(
      quote
        ? `Thank you for your feedback. We appreciate you sharing "${quote}".`
        : 'Thank you for your feedback.',
      "We're always looking for ways to improve, and we hope to make your next visit a five-star experience.",
    );
  } else {
    const who = business.trim();
    lines.push(
      quote
        ? `We're truly sorry to hear about your experience. Your feedback, "${quote}", matters to us.`
        : "We're truly sorry to hear about your experience. Your feedback matters to us.",
      isPublic
        ? `Please contact us${who ? ` at ${who}` : ''} directly so we can make this right.`
        : 'Please contact our customer support team by replying to this message or calling us, so we can make this right.',
    );
  }
  if (review.type === 'google') lines.push(GOOGLE_CLOSING_LINE);
  return lines.join('\n\n');
}
