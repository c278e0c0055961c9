import { POSITIVE_MIN_RATING, type Review } from '@shared/schemas/reviews';

/** The reply quotes the start of the review (seed-spec section 9). */
export const QUOTE_LENGTH = 30;

export const GOOGLE_CLOSING_LINE =
  'Thank you for taking the time to share your experience on Google. It helps other customers find us.';

/** The first 30 characters of the review, with '...' when the review is longer. */
export function quoteOf(content: string): string {
  const chars = Array.from(content.trim().replace(/\s+/g, ' '));
  return chars.length > QUOTE_LENGTH ? `${chars.slice(0, QUOTE_LENGTH).join('')}...` : chars.join('');
}

/**
 * The template reply of the suggestion button (seed-spec section 9): thanks for 4 stars or more, a neutral
 * reply for exactly 3, an apology with a support contact below 3. It quotes the review's start, and a Google
 * review gets a closing line.
 */
export function suggestResponse(
  review: Pick<Review, 'rating' | 'content' | 'reviewerName' | 'type'>,
): string {
  const name = review.reviewerName?.trim().split(/\s+/)[0];
  const greeting = name ? `Hi ${name},` : 'Hello,';
  const quote = quoteOf(review.content ?? '');
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
    lines.push(
      quote
        ? `We're truly sorry to hear about your experience. Your feedback, "${quote}", matters to us.`
        : "We're truly sorry to hear about your experience. Your feedback matters to us.",
      'Please contact our customer support team by replying to this message or calling us, so we can make this right.',
    );
  }
  if (review.type === 'google') lines.push(GOOGLE_CLOSING_LINE);
  return lines.join('\n\n');
}
