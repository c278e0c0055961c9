import { and, arrayContains, asc, count, desc, eq, inArray } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { contacts, locations, reviewRequests, templates } from '../../db/schema';
import { enqueueMany } from '../../lib/queue/enqueue';
import type { Channel, RequestStatus } from '@shared/schemas/domain';
import type { ReviewRequest } from '@shared/schemas/review-requests';

type Transaction = Parameters<Parameters<Database['transaction']>[0]>[0];

export interface ContactForRequest {
  id: number;
  name: string;
  email: string | null;
  phone: string | null;
  emailOptedOutAt: Date | null;
  smsOptedOutAt: Date | null;
  whatsappOptedOutAt: Date | null;
}

export interface NewRequest {
  contactId: number;
  uniqueLink: string;
}

const contactColumns = {
  id: contacts.id,
  name: contacts.name,
  email: contacts.email,
  phone: contacts.phone,
  emailOptedOutAt: contacts.emailOptedOutAt,
  smsOptedOutAt: contacts.smsOptedOutAt,
  whatsappOptedOutAt: contacts.whatsappOptedOutAt,
};

const listColumns = {
  id: reviewRequests.id,
  locationId: reviewRequests.locationId,
  locationName: locations.name,
  contactId: reviewRequests.contactId,
  contactName: contacts.name,
  method: reviewRequests.method,
  templateId: reviewRequests.templateId,
  uniqueLink: reviewRequests.uniqueLink,
  status: reviewRequests.status,
  failureReason: reviewRequests.failureReason,
  createdAt: reviewRequests.createdAt,
  queuedAt: reviewRequests.queuedAt,
  sentAt: reviewRequests.sentAt,
  deliveredAt: reviewRequests.deliveredAt,
  openedAt: reviewRequests.openedAt,
  completedAt: reviewRequests.completedAt,
  failedAt: reviewRequests.failedAt,
};

type Dates = 'createdAt' | 'queuedAt' | 'sentAt' | 'deliveredAt' | 'openedAt' | 'completedAt' | 'failedAt';
type ListRow = Omit<ReviewRequest, Dates> & {
  createdAt: Date;
  queuedAt: Date;
  sentAt: Date | null;
  deliveredAt: Date | null;
  openedAt: Date | null;
  completedAt: Date | null;
  failedAt: Date | null;
};

const iso = (d: Date | null) => (d ? d.toISOString() : null);

function toReviewRequest(row: ListRow): ReviewRequest {
  return {
    ...row,
    createdAt: row.createdAt.toISOString(),
    queuedAt: row.queuedAt.toISOString(),
    sentAt: iso(row.sentAt),
    deliveredAt: iso(row.deliveredAt),
    openedAt: iso(row.openedAt),
    completedAt: iso(row.completedAt),
    failedAt: iso(row.failedAt),
  };
}

const dedupeKey = (id: number) => `deliver-review-request:${id}`;

/** The client's default template of the channel, if they have one (else delivery uses the shipped one). */
async function defaultTemplateId(tx: Transaction, ownerId: number, method: Channel) {
  const [row] = await tx
    .select({ id: templates.id })
    .from(templates)
    .where(and(eq(templates.ownerId, ownerId), eq(templates.channel, method), eq(templates.isDefault, true)));
  return row?.id ?? null;
}

export function createReviewRequestsRepository(db: Database) {
  /** One request row per contact and one delivery job per request, all in one transaction. */
  async function insertWithJobs(
    ownerId: number,
    locationId: number,
    method: Channel,
    requests: NewRequest[],
  ): Promise<number[]> {
    if (requests.length === 0) return [];
    return db.transaction(async (tx) => {
      const templateId = await defaultTemplateId(tx, ownerId, method);
      const rows = await tx
        .insert(reviewRequests)
        .values(
          requests.map((r) => ({ ownerId, locationId, method, templateId, status: 'queued' as const, ...r })),
        )
        .returning({ id: reviewRequests.id });
      const ids = rows.map((r) => r.id);
      await enqueueMany(
        tx,
        'deliver-review-request',
        ids.map((id) => ({ payload: { reviewRequestId: id }, dedupeKey: dedupeKey(id) })),
      );
      return ids;
    });
  }

  return {
    insertWithJobs,

    async findLocation(ownerId: number, id: number) {
      const [row] = await db
        .select({ id: locations.id, name: locations.name, publicLink: locations.publicLink })
        .from(locations)
        .where(and(eq(locations.ownerId, ownerId), eq(locations.id, id)));
      return row;
    },

    async findContact(ownerId: number, id: number): Promise<ContactForRequest | undefined> {
      const [row] = await db
        .select(contactColumns)
        .from(contacts)
        .where(and(eq(contacts.ownerId, ownerId), eq(contacts.id, id)));
      return row;
    },

    async findContactsByIds(ownerId: number, ids: number[]): Promise<ContactForRequest[]> {
      if (ids.length === 0) return [];
      return db
        .select(contactColumns)
        .from(contacts)
        .where(and(eq(contacts.ownerId, ownerId), inArray(contacts.id, ids)))
        .orderBy(asc(contacts.id));
    },

    /** Up to `limit` contacts carrying the tag (the GIN index on tags answers `@>`). */
    async findContactsByTag(ownerId: number, tag: string, limit: number): Promise<ContactForRequest[]> {
      return db
        .select(contactColumns)
        .from(contacts)
        .where(and(eq(contacts.ownerId, ownerId), arrayContains(contacts.tags, [tag])))
        .orderBy(asc(contacts.id))
        .limit(limit);
    },

    async findById(ownerId: number, id: number): Promise<ReviewRequest | undefined> {
      const [row] = await db
        .select(listColumns)
        .from(reviewRequests)
        .leftJoin(contacts, eq(contacts.id, reviewRequests.contactId))
        .leftJoin(locations, eq(locations.id, reviewRequests.locationId))
        .where(and(eq(reviewRequests.ownerId, ownerId), eq(reviewRequests.id, id)));
      return row ? toReviewRequest(row) : undefined;
    },

    /** Newest first, with the contact's and location's names, in one query; and the total. */
    async list(
      ownerId: number,
      options: { status?: RequestStatus; limit: number; offset: number },
    ): Promise<{ rows: ReviewRequest[]; total: number }> {
      const where = and(
        eq(reviewRequests.ownerId, ownerId),
        options.status ? eq(reviewRequests.status, options.status) : undefined,
      );
      const [rows, [totalRow]] = await Promise.all([
        db
          .select(listColumns)
          .from(reviewRequests)
          .leftJoin(contacts, eq(contacts.id, reviewRequests.contactId))
          .leftJoin(locations, eq(locations.id, reviewRequests.locationId))
          .where(where)
          .orderBy(desc(reviewRequests.createdAt), desc(reviewRequests.id))
          .limit(options.limit)
          .offset(options.offset),
        db.select({ total: count() }).from(reviewRequests).where(where),
      ]);
      return { rows: rows.map(toReviewRequest), total: totalRow?.total ?? 0 };
    },
  };
}

export type ReviewRequestsRepository = ReturnType<typeof createReviewRequestsRepository>;
