import { z } from 'zod';
import { CHANNELS, REQUEST_STATUSES, REVIEW_TYPES } from '../domain';

// The domain's words (shared/domain.ts) as schemas, and the path id every route checks.
export * from '../domain';

export const ChannelSchema = z.enum(CHANNELS);
export const ReviewTypeSchema = z.enum(REVIEW_TYPES);
export const RequestStatusSchema = z.enum(REQUEST_STATUSES);

/** Path ids: positive 32-bit integers; anything else is a 400, never a database error. */
export const IdSchema = z.coerce
  .number({ error: 'Must be a number' })
  .int({ error: 'Must be a whole number' })
  .positive({ error: 'Must be a positive number' })
  .max(2_147_483_647, { error: 'Is too large' });

export const IdParamsSchema = z.object({ id: IdSchema });
