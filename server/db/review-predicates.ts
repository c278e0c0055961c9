import { sql } from 'drizzle-orm';
import { reviews } from './schema';

/**
 * A review is responded when responseContent is present (seed-spec section 4): blank text counts as absent.
 * Every query that filters or counts answered reviews uses this one condition.
 */
export const reviewIsResponded = sql`coalesce(btrim(${reviews.responseContent}), '') <> ''`;
export const reviewIsUnresponded = sql`coalesce(btrim(${reviews.responseContent}), '') = ''`;
