import { randomBytes } from 'node:crypto';
import QRCode from 'qrcode';
import type { Channel } from '@shared/schemas/domain';
import {
  BULK_MAX_CONTACTS,
  BULK_MESSAGES,
  REQUEST_PAGE_SIZE,
  REQUEST_UNPAGED_LIMIT,
  optedOutMessage,
  type BulkReviewRequestInput,
  type BulkReviewRequestResult,
  type CreateReviewRequestInput,
  type QrCodeResponse,
  type ReviewRequest,
  type ReviewRequestListQuery,
} from '@shared/schemas/review-requests';
import { badRequest, conflict, notFound } from '../../lib/errors';
import type { ContactForRequest, ReviewRequestsRepository } from './review-requests.repository';

/** The customer's personal link: 128 random bits, 22 base64url characters (PRODUCT.md section 4). */
export const newUniqueLink = () => randomBytes(16).toString('base64url');

const NO_ADDRESS: Record<Channel, string> = {
  email: 'This contact has no email address.',
  sms: 'This contact has no phone number.',
  whatsapp: 'This contact has no phone number.',
};

/** Why a contact cannot get a request on this channel, or null when it can. */
function unreachable(
  contact: ContactForRequest,
  method: Channel,
): { status: 400 | 409; reason: string } | null {
  const optedOutAt = {
    email: contact.emailOptedOutAt,
    sms: contact.smsOptedOutAt,
    whatsapp: contact.whatsappOptedOutAt,
  }[method];
  if (optedOutAt) return { status: 409, reason: optedOutMessage(method) };
  const address = method === 'email' ? contact.email : contact.phone;
  if (!address?.trim()) return { status: 400, reason: NO_ADDRESS[method] };
  return null;
}

/** A PNG data URL, legible when printed or scanned off a screen (seed-spec section 3: qrCode and url). */
export async function qrCodeFor(url: string): Promise<QrCodeResponse> {
  const qrCode = await QRCode.toDataURL(url, {
    errorCorrectionLevel: 'M',
    margin: 2,
    width: 512,
    type: 'image/png',
  });
  return { qrCode, url };
}

interface Options {
  publicBaseUrl: string;
  /** Tests replace it to force a collision; the default is newUniqueLink. */
  generateLink?: () => string;
}

export function createReviewRequestsService(repo: ReviewRequestsRepository, options: Options) {
  const generateLink = options.generateLink ?? newUniqueLink;
  const reviewUrl = (token: string) => `${options.publicBaseUrl}/review/${token}`;

  async function requireLocation(ownerId: number, id: number) {
    const location = await repo.findLocation(ownerId, id);
    if (!location) throw notFound('Location not found');
    return location;
  }

  return {
    async create(ownerId: number, input: CreateReviewRequestInput): Promise<ReviewRequest> {
      await requireLocation(ownerId, input.locationId);
      const contact = await repo.findContact(ownerId, input.contactId);
      if (!contact) throw notFound('Contact not found');
      const problem = unreachable(contact, input.method);
      if (problem) throw problem.status === 409 ? conflict(problem.reason) : badRequest(problem.reason);

      const [id] = await repo.insertWithJobs(ownerId, input.locationId, input.method, [
        { contactId: contact.id, uniqueLink: generateLink() },
      ]);
      const created = await repo.findById(ownerId, id!);
      return created!;
    },

    /** One request per reachable contact; the others are reported with their reason, nothing half-done. */
    async createMany(ownerId: number, input: BulkReviewRequestInput): Promise<BulkReviewRequestResult> {
      await requireLocation(ownerId, input.locationId);
      const skipped: BulkReviewRequestResult['skipped'] = [];
      let candidates: ContactForRequest[];
      if (input.tag) {
        candidates = await repo.findContactsByTag(ownerId, input.tag, BULK_MAX_CONTACTS + 1);
        if (candidates.length > BULK_MAX_CONTACTS) throw badRequest(BULK_MESSAGES.tooMany);
      } else {
        const ids = [...new Set(input.contactIds)];
        candidates = await repo.findContactsByIds(ownerId, ids);
        const found = new Set(candidates.map((c) => c.id));
        for (const id of ids)
          if (!found.has(id)) skipped.push({ contactId: id, reason: 'Contact not found' });
      }

      const eligible: ContactForRequest[] = [];
      for (const contact of candidates) {
        const problem = unreachable(contact, input.method);
        if (problem) skipped.push({ contactId: contact.id, reason: problem.reason });
        else eligible.push(contact);
      }
      const ids = await repo.insertWithJobs(
        ownerId,
        input.locationId,
        input.method,
        eligible.map((c) => ({ contactId: c.id, uniqueLink: generateLink() })),
      );
      return { created: ids.length, skipped };
    },

    async list(ownerId: number, query: ReviewRequestListQuery) {
      const paged = query.page !== undefined || query.pageSize !== undefined;
      const pageSize = paged ? (query.pageSize ?? REQUEST_PAGE_SIZE) : REQUEST_UNPAGED_LIMIT;
      const page = query.page ?? 1;
      return repo.list(ownerId, { status: query.status, limit: pageSize, offset: (page - 1) * pageSize });
    },

    async find(ownerId: number, id: number): Promise<ReviewRequest> {
      const request = await repo.findById(ownerId, id);
      if (!request) throw notFound('Review request not found');
      return request;
    },

    async qrForRequest(ownerId: number, id: number): Promise<QrCodeResponse> {
      const request = await repo.findById(ownerId, id);
      if (!request) throw notFound('Review request not found');
      return qrCodeFor(reviewUrl(request.uniqueLink));
    },

    /** The location's permanent link, for a printed poster. */
    async qrForLocation(ownerId: number, id: number): Promise<QrCodeResponse> {
      const location = await requireLocation(ownerId, id);
      return qrCodeFor(reviewUrl(location.publicLink));
    },
  };
}

export type ReviewRequestsService = ReturnType<typeof createReviewRequestsService>;
