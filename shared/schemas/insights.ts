import { z } from 'zod';
import { ReviewTypeSchema } from './domain';
import type { Review } from './reviews';

/** Review Insights (/optimized-reviews): where ratings come from, what customers say, who waits. */

/** Words are counted over at most this many newest reviews of each band, so the page stays fast. */
export const INSIGHTS_WORD_SAMPLE = 5000;
export const INSIGHTS_TOP_WORDS = 15;
export const INSIGHTS_WAITING_LIMIT = 10;
/** Words shorter than this are not counted. */
export const INSIGHTS_MIN_WORD_LENGTH = 3;

/**
 * Common English words that say nothing about a business. Text is split on anything that is not a letter,
 * so contractions leave their stems ('didn', 'wasn') and those are listed too.
 */
export const STOP_WORDS: readonly string[] = [
  'about',
  'above',
  'after',
  'again',
  'against',
  'all',
  'also',
  'although',
  'always',
  'among',
  'and',
  'another',
  'any',
  'are',
  'around',
  'because',
  'been',
  'before',
  'being',
  'below',
  'between',
  'both',
  'but',
  'came',
  'can',
  'cannot',
  'could',
  'did',
  'didn',
  'does',
  'doesn',
  'doing',
  'don',
  'done',
  'down',
  'during',
  'each',
  'even',
  'ever',
  'every',
  'few',
  'for',
  'from',
  'further',
  'get',
  'got',
  'had',
  'has',
  'have',
  'having',
  'her',
  'here',
  'hers',
  'herself',
  'him',
  'himself',
  'his',
  'how',
  'into',
  'isn',
  'its',
  'itself',
  'just',
  'let',
  'made',
  'make',
  'many',
  'may',
  'more',
  'most',
  'much',
  'must',
  'myself',
  'never',
  'nor',
  'not',
  'now',
  'off',
  'once',
  'one',
  'only',
  'other',
  'our',
  'ours',
  'ourselves',
  'out',
  'over',
  'own',
  'quite',
  'really',
  'said',
  'same',
  'see',
  'she',
  'should',
  'since',
  'some',
  'still',
  'such',
  'than',
  'that',
  'the',
  'their',
  'theirs',
  'them',
  'themselves',
  'then',
  'there',
  'these',
  'they',
  'this',
  'those',
  'though',
  'through',
  'too',
  'under',
  'until',
  'upon',
  'very',
  'was',
  'wasn',
  'way',
  'were',
  'weren',
  'what',
  'when',
  'where',
  'which',
  'while',
  'who',
  'whom',
  'why',
  'will',
  'with',
  'won',
  'would',
  'yet',
  'you',
  'your',
  'yours',
  'yourself',
  'yourselves',
  'went',
  'couldn',
  'wouldn',
  'shouldn',
  'aren',
  'hadn',
  'hasn',
  'haven',
  'ive',
  'youre',
  'theyre',
];

export const RatingBreakdownSchema = z.object({
  total: z.number().int().nonnegative(),
  /** One decimal. */
  averageRating: z.number(),
  /** Counts of ratings 1 to 5, index 0 is one star. */
  counts: z.array(z.number().int().nonnegative()).length(5),
});
export type RatingBreakdown = z.infer<typeof RatingBreakdownSchema>;

export const SourceBreakdownSchema = /* @__PURE__ */ RatingBreakdownSchema.extend({ type: ReviewTypeSchema });
export type SourceBreakdown = z.infer<typeof SourceBreakdownSchema>;

export const LocationBreakdownSchema = /* @__PURE__ */ RatingBreakdownSchema.extend({
  /** null gathers reviews with no location (e.g. the location was deleted). */
  locationId: z.number().int().nullable(),
  locationName: z.string().nullable(),
});
export type LocationBreakdown = z.infer<typeof LocationBreakdownSchema>;

export const WordCountSchema = z.object({
  word: z.string(),
  /** Reviews of the band mentioning the word. */
  count: z.number().int().positive(),
});
export type WordCount = z.infer<typeof WordCountSchema>;

/** A review waiting for an answer, the days since it arrived (whole days). */
export type WaitingReview = Review & { daysWaiting: number };

export interface Insights {
  bySource: SourceBreakdown[];
  byLocation: LocationBreakdown[];
  words: { positive: WordCount[]; negative: WordCount[] };
  waiting: WaitingReview[];
}
