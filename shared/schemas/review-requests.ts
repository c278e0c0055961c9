import { z } from 'zod';
import { CHANNELS, IdSchema, RequestStatusSchema } from './domain';
import {
  REQUEST_MESSAGES,
  BULK_MAX_CONTACTS,
  REQUEST_MAX_PAGE_SIZE,
  TAG_MAX,
  BULK_MESSAGES,
} from '../review-requests';

export * from '../review-requests';

/** A select's value ('' until chosen) or a number: anything but a positive id reads as "not selected". */
const selectedId = (message: string) =>
  z.coerce
    .number({ error: message })
    .int({ error: message })
    .positive({ error: message })
    .max(2_147_483_647, { error: message });

export const MethodSchema = z.enum(CHANNELS, { error: REQUEST_MESSAGES.method });

/** The template picker: '' or absent for the client's default template of the channel. */
const optionalTemplateId = z.preprocess(
  (v) => (v === '' || v === null ? undefined : v),
  /* @__PURE__ */ IdSchema.optional(),
);

export const CreateReviewRequestSchema = z.object({
  locationId: /* @__PURE__ */ selectedId(REQUEST_MESSAGES.location),
  contactId: /* @__PURE__ */ selectedId(REQUEST_MESSAGES.contact),
  method: MethodSchema,
  templateId: optionalTemplateId,
  /** The owner saw "Asked on 3 Mar by email" and asks again anyway (the contact policy, issue 41). */
  confirmRecentAsk: z.boolean().optional(),
});
export type CreateReviewRequestInput = z.output<typeof CreateReviewRequestSchema>;
export type CreateReviewRequestForm = z.input<typeof CreateReviewRequestSchema>;

export const BulkReviewRequestSchema = z
  .object({
    locationId: /* @__PURE__ */ selectedId(REQUEST_MESSAGES.location),
    method: MethodSchema,
    contactIds: z
      .array(IdSchema, { error: BULK_MESSAGES.target })
      .max(BULK_MAX_CONTACTS, { error: BULK_MESSAGES.tooMany })
      .optional(),
    tag: z.string().trim().max(TAG_MAX).optional(),
  })
  .refine((v) => (v.contactIds?.length ?? 0) > 0 !== Boolean(v.tag), {
    error: BULK_MESSAGES.target,
    path: ['contactIds'],
  });
export type BulkReviewRequestInput = z.infer<typeof BulkReviewRequestSchema>;

/** GET /api/review-requests/last-asked?contactId=: the contact's last ask inside the ask window, or null. */
export const LastAskedQuerySchema = z.object({
  contactId: /* @__PURE__ */ selectedId(REQUEST_MESSAGES.contact),
});

const pageField = z.coerce
  .number({ error: 'page must be a number' })
  .int()
  .min(1, { error: 'page must be 1 or more' })
  .max(1_000_000);

export const ReviewRequestListQuerySchema = z.object({
  status: /* @__PURE__ */ RequestStatusSchema.optional(),
  page: /* @__PURE__ */ pageField.optional(),
  pageSize: z.coerce
    .number({ error: 'pageSize must be a number' })
    .int()
    .min(1, { error: 'pageSize must be 1 or more' })
    .max(REQUEST_MAX_PAGE_SIZE, { error: `pageSize must be at most ${REQUEST_MAX_PAGE_SIZE}` })
    .optional(),
});
export type ReviewRequestListQuery = z.infer<typeof ReviewRequestListQuerySchema>;

/** POST /api/review-requests/link: a one-off link for a customer with no contact (no message is sent). */
export const CreateLinkRequestSchema = z.object({
  locationId: /* @__PURE__ */ selectedId(REQUEST_MESSAGES.location),
});
