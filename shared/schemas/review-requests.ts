import { z } from 'zod';
import { CHANNELS, IdSchema, RequestStatusSchema, type Channel, type RequestStatus } from './domain';

// The messages are the spec's (seed-spec section 5); the form and the API share these schemas.
export const REQUEST_MESSAGES = {
  location: 'Please select a location',
  contact: 'Please select a contact',
  method: 'Please select a method',
} as const;

/** Bulk sends are capped so one call stays one bounded transaction. */
export const BULK_MAX_CONTACTS = 1000;
export const REQUEST_PAGE_SIZE = 10;
export const REQUEST_MAX_PAGE_SIZE = 100;
/** Without paging parameters the list answers the newest 100. */
export const REQUEST_UNPAGED_LIMIT = 100;
export const TAG_MAX = 50;

/** A select's value ('' until chosen) or a number: anything but a positive id reads as "not selected". */
const selectedId = (message: string) =>
  z.coerce
    .number({ error: message })
    .int({ error: message })
    .positive({ error: message })
    .max(2_147_483_647, { error: message });

export const MethodSchema = z.enum(CHANNELS, { error: REQUEST_MESSAGES.method });

export const METHOD_LABELS: Record<Channel, string> = { email: 'Email', sms: 'SMS', whatsapp: 'WhatsApp' };

export const CreateReviewRequestSchema = z.object({
  locationId: selectedId(REQUEST_MESSAGES.location),
  contactId: selectedId(REQUEST_MESSAGES.contact),
  method: MethodSchema,
});
export type CreateReviewRequestInput = z.output<typeof CreateReviewRequestSchema>;
export type CreateReviewRequestForm = z.input<typeof CreateReviewRequestSchema>;

export const BULK_MESSAGES = {
  target: 'Please select at least one contact or a tag',
  tooMany: `You can send at most ${BULK_MAX_CONTACTS.toLocaleString('en-US')} requests at once`,
} as const;

export const BulkReviewRequestSchema = z
  .object({
    locationId: selectedId(REQUEST_MESSAGES.location),
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

export interface BulkReviewRequestResult {
  created: number;
  skipped: Array<{ contactId: number; reason: string }>;
}

const pageField = z.coerce
  .number({ error: 'page must be a number' })
  .int()
  .min(1, { error: 'page must be 1 or more' })
  .max(1_000_000);

export const ReviewRequestListQuerySchema = z.object({
  status: RequestStatusSchema.optional(),
  page: pageField.optional(),
  pageSize: z.coerce
    .number({ error: 'pageSize must be a number' })
    .int()
    .min(1, { error: 'pageSize must be 1 or more' })
    .max(REQUEST_MAX_PAGE_SIZE, { error: `pageSize must be at most ${REQUEST_MAX_PAGE_SIZE}` })
    .optional(),
});
export type ReviewRequestListQuery = z.infer<typeof ReviewRequestListQuerySchema>;

/** A review request as the API answers it, with its contact's and location's names. */
export interface ReviewRequest {
  id: number;
  locationId: number;
  locationName: string | null;
  contactId: number | null;
  contactName: string | null;
  method: Channel;
  templateId: number | null;
  uniqueLink: string;
  status: RequestStatus;
  failureReason: string | null;
  createdAt: string;
  queuedAt: string;
  sentAt: string | null;
  deliveredAt: string | null;
  openedAt: string | null;
  completedAt: string | null;
  failedAt: string | null;
}

/** GET /api/review-requests/:id/qr and GET /api/locations/:id/qr (seed-spec section 3). */
export interface QrCodeResponse {
  qrCode: string;
  url: string;
}

export function optedOutMessage(method: Channel): string {
  return `This contact has opted out of ${METHOD_LABELS[method]} messages.`;
}
