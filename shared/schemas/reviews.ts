import { z } from 'zod';
import { IdSchema } from './domain';
import { MAX_PAGE_SIZE, RESPONSE_MAX, REVIEW_FILTERS, SEARCH_MAX } from '../reviews';

export * from '../reviews';

export const ReviewFilterSchema = z.enum(REVIEW_FILTERS);

const fromNotAfterTo = (range: { from?: string; to?: string }) =>
  !range.from || !range.to || range.from <= range.to;
const RANGE_BACKWARDS = { error: 'from must be on or before to', path: ['from'] };

/** A day of the list's date range: YYYY-MM-DD, a real date (2026-02-30 is not). */
const ReviewDaySchema = (name: string) =>
  z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/, { error: `${name} must be a date like 2026-03-01` })
    .refine(
      (day) => {
        const date = new Date(`${day}T00:00:00Z`);
        return !Number.isNaN(date.getTime()) && date.toISOString().startsWith(day);
      },
      { error: `${name} is not a real date` },
    );

const reviewListFields = z.object({
  filter: /* @__PURE__ */ ReviewFilterSchema.default('all'),
  page: z.coerce
    .number({ error: 'page must be a number' })
    .int()
    .min(1, { error: 'page must be 1 or more' })
    .max(1_000_000)
    .optional(),
  pageSize: z.coerce
    .number({ error: 'pageSize must be a number' })
    .int()
    .min(1, { error: 'pageSize must be 1 or more' })
    .max(MAX_PAGE_SIZE, { error: `pageSize must be at most ${MAX_PAGE_SIZE}` })
    .optional(),
  q: z.string().trim().max(SEARCH_MAX).optional(),
  /**
   * The page after another one, by keyset: the X-Next-Cursor header of that page, opaque. With it, `page` is
   * not used; `pageSize`, the filters and the search stay the same as for that page (issue 13: deep pages).
   */
  cursor: z
    .string()
    .regex(/^[A-Za-z0-9_-]{1,200}$/, {
      error: 'cursor is not valid: use the X-Next-Cursor of the page before',
    })
    .optional(),
  /** Only this location's reviews (a location-limited member asking for another one gets none). */
  locationId: /* @__PURE__ */ IdSchema.optional(),
  /** Reviews written from the day `from` to the day `to`, both included (UTC days). */
  from: /* @__PURE__ */ ReviewDaySchema('from').optional(),
  to: /* @__PURE__ */ ReviewDaySchema('to').optional(),
});

export const ReviewListQuerySchema = /* @__PURE__ */ reviewListFields.refine(fromNotAfterTo, RANGE_BACKWARDS);
export type ReviewListQuery = z.infer<typeof ReviewListQuerySchema>;

export const ReviewResponseSchema = z.object({
  responseContent: z
    .string({ error: 'Please enter a response' })
    .trim()
    .min(1, { error: 'Please enter a response' })
    .max(RESPONSE_MAX, { error: `Responses are limited to ${RESPONSE_MAX} characters` }),
});
export type ReviewResponseInput = z.infer<typeof ReviewResponseSchema>;

export const ReviewIdParamsSchema = z.object({ id: IdSchema });

/** The CSV export takes the list's filters and search, never paging: it streams every matching review. */
export const ReviewExportQuerySchema = /* @__PURE__ */ reviewListFields
  .pick({ filter: true, q: true, locationId: true, from: true, to: true })
  .refine(fromNotAfterTo, RANGE_BACKWARDS);
export type ReviewExportQuery = z.infer<typeof ReviewExportQuerySchema>;
