import type { Language } from '@shared/i18n/languages';
import { and, asc, count, desc, eq, sql, type SQL } from 'drizzle-orm';
import { rowsOf, type Database } from '../../db/client';
import { contactConsentEvents, contactEvents, contacts } from '../../db/schema';
import { reachableChannels, recordConsent, type NewConsentEvent } from './consent.repository';

export type ContactRow = typeof contacts.$inferSelect;
type NewContactRow = typeof contacts.$inferInsert;

export interface ContactFilter {
  q?: string;
  tag?: string;
}

/** A row the import creates or updates; tags of an update are added to the contact's own. */
export interface ImportWrite {
  name: string;
  email: string | null;
  phone: string | null;
  tags: string[];
  /** Null: an update keeps the contact's own. */
  language: Language | null;
}

const INSERT_BATCH = 1000;

function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}

function whereOf(ownerId: number, filter: ContactFilter): SQL {
  const conditions: SQL[] = [eq(contacts.ownerId, ownerId)];
  if (filter.q) {
    const pattern = `%${escapeLike(filter.q)}%`;
    // Phones are stored as E.164; searching "555 0100" should still find +15550100.
    const digits = filter.q.replace(/\D/g, '');
    conditions.push(
      sql`(${contacts.name} ilike ${pattern} or ${contacts.email} ilike ${pattern}${
        digits.length >= 3 ? sql` or ${contacts.phone} like ${`%${digits}%`}` : sql``
      })`,
    );
  }
  if (filter.tag) {
    // Tags match whatever their case; the GIN index serves the exact-case containment.
    conditions.push(
      sql`exists (select 1 from unnest(${contacts.tags}) as t(tag) where lower(t.tag) = lower(${filter.tag}))`,
    );
  }
  return and(...conditions)!;
}

export function createContactsRepository(db: Database) {
  return {
    async list(
      ownerId: number,
      filter: ContactFilter,
      paging: { limit: number; offset: number },
    ): Promise<ContactRow[]> {
      return db
        .select()
        .from(contacts)
        .where(whereOf(ownerId, filter))
        .orderBy(asc(sql`lower(${contacts.name})`), asc(contacts.id))
        .limit(paging.limit)
        .offset(paging.offset);
    },

    async count(ownerId: number, filter: ContactFilter): Promise<number> {
      const [row] = await db.select({ n: count() }).from(contacts).where(whereOf(ownerId, filter));
      return row?.n ?? 0;
    },

    async findById(ownerId: number, id: number): Promise<ContactRow | undefined> {
      const [row] = await db
        .select()
        .from(contacts)
        .where(and(eq(contacts.ownerId, ownerId), eq(contacts.id, id)));
      return row;
    },

    /** Inserts the contact and, in the same transaction, its first consent record lines. */
    async insert(
      row: NewContactRow,
      consent: (created: ContactRow) => NewConsentEvent[],
    ): Promise<ContactRow> {
      return db.transaction(async (tx) => {
        const [created] = await tx.insert(contacts).values(row).returning();
        await recordConsent(tx, consent(created!));
        return created!;
      });
    },

    async update(
      ownerId: number,
      id: number,
      changes: Partial<NewContactRow>,
      consent: NewConsentEvent[] = [],
    ): Promise<ContactRow | undefined> {
      return db.transaction(async (tx) => {
        const [row] = await tx
          .update(contacts)
          .set({ ...changes, updatedAt: new Date() })
          .where(and(eq(contacts.ownerId, ownerId), eq(contacts.id, id)))
          .returning();
        if (row) await recordConsent(tx, consent);
        return row;
      });
    },

    /** The contact's consent record, newest first. */
    async consent(ownerId: number, contactId: number) {
      return db
        .select()
        .from(contactConsentEvents)
        .where(and(eq(contactConsentEvents.ownerId, ownerId), eq(contactConsentEvents.contactId, contactId)))
        .orderBy(desc(contactConsentEvents.id));
    },

    /** The contact's timeline, newest first (contact_events_contact_idx). */
    async timeline(ownerId: number, contactId: number) {
      return db
        .select()
        .from(contactEvents)
        .where(and(eq(contactEvents.contactId, contactId), eq(contactEvents.ownerId, ownerId)))
        .orderBy(desc(contactEvents.id))
        .limit(200);
    },

    async remove(ownerId: number, id: number): Promise<boolean> {
      const rows = await db
        .delete(contacts)
        .where(and(eq(contacts.ownerId, ownerId), eq(contacts.id, id)))
        .returning({ id: contacts.id });
      return rows.length > 0;
    },

    async tags(ownerId: number): Promise<{ tag: string; count: number }[]> {
      const result = await db.execute<{ tag: string; count: number | string }>(sql`
        select min(t.tag) as tag, count(*)::int as count
        from ${contacts}, unnest(${contacts.tags}) as t(tag)
        where ${contacts.ownerId} = ${ownerId}
        group by lower(t.tag)
        order by lower(t.tag)`);
      return rowsOf<{ tag: string; count: number | string }>(result).map((r) => ({
        tag: r.tag,
        count: Number(r.count),
      }));
    },

    /**
     * The import in one transaction: nothing is written unless everything is. Imports of one client are
     * serialised (advisory lock), so matching against existing contacts cannot race with another import.
     */
    async importContacts(
      ownerId: number,
      plan: (existing: ExistingKeys) => { inserts: ImportWrite[]; updates: (ImportWrite & { id: number })[] },
      keys: { emails: string[]; phones: string[] },
    ): Promise<void> {
      await db.transaction(async (tx) => {
        await tx.execute(sql`select pg_advisory_xact_lock(hashtext('contacts-import'), ${ownerId})`);
        const existing = await findExisting(tx as unknown as Database, ownerId, keys);
        const { inserts, updates } = plan(existing);
        for (let i = 0; i < inserts.length; i += INSERT_BATCH) {
          const batch = inserts.slice(i, i + INSERT_BATCH).map((row) => ({ ownerId, ...row }));
          const created = await tx
            .insert(contacts)
            .values(batch)
            .returning({ id: contacts.id, email: contacts.email, phone: contacts.phone });
          // Where consent came from: the owner's imported list.
          await recordConsent(
            tx,
            created.flatMap((contact) =>
              reachableChannels(contact).map((channel) => ({
                ownerId,
                contactId: contact.id,
                channel,
                kind: 'consent' as const,
                source: 'import' as const,
              })),
            ),
          );
        }
        for (let i = 0; i < updates.length; i += INSERT_BATCH) {
          const batch = JSON.stringify(updates.slice(i, i + INSERT_BATCH));
          // One statement per batch: the rows travel as one JSON parameter.
          await tx.execute(sql`
            update ${contacts} as c set
              name = v.name,
              -- The same address in another case keeps the spelling already stored.
              email = case when lower(c.email) = lower(v.email) then c.email else coalesce(v.email, c.email) end,
              phone = coalesce(v.phone, c.phone),
              language = coalesce(v.language, c.language),
              tags = array(
                select (array_agg(t.tag order by t.n))[1]
                from unnest(c.tags || array(select jsonb_array_elements_text(v.tags))) with ordinality as t(tag, n)
                group by lower(t.tag) order by min(t.n)
              ),
              updated_at = now()
            from jsonb_to_recordset(${batch}::jsonb) as v(id int, name text, email text, phone text, tags jsonb, language text)
            where c.id = v.id and c.owner_id = ${ownerId}`);
        }
      });
    },

    /** Every contact of the client for the CSV export, by name. */
    async all(ownerId: number): Promise<ContactRow[]> {
      return db
        .select()
        .from(contacts)
        .where(eq(contacts.ownerId, ownerId))
        .orderBy(asc(sql`lower(${contacts.name})`), desc(contacts.id));
    },
  };
}

/** Existing contacts of the client matching any of the keys: lower(email) → id, phone → id. */
export interface ExistingKeys {
  byEmail: Map<string, number>;
  byPhone: Map<string, number>;
  /** The email (as stored) and phone of each contact found, so an import can say what it changes. */
  stored: Map<number, { email: string | null; phone: string | null }>;
}

async function findExisting(
  db: Database,
  ownerId: number,
  keys: { emails: string[]; phones: string[] },
): Promise<ExistingKeys> {
  const byEmail = new Map<string, number>();
  const byPhone = new Map<string, number>();
  const stored: ExistingKeys['stored'] = new Map();
  if (keys.emails.length === 0 && keys.phones.length === 0) return { byEmail, byPhone, stored };
  type Found = { id: number; email: string | null; stored_email: string | null; phone: string | null };
  const result = await db.execute<Found>(sql`
    select id, lower(email) as email, email as stored_email, phone from ${contacts}
    where owner_id = ${ownerId} and (
      lower(email) in (select jsonb_array_elements_text(${JSON.stringify(keys.emails)}::jsonb))
      or phone in (select jsonb_array_elements_text(${JSON.stringify(keys.phones)}::jsonb))
    )`);
  for (const row of rowsOf<Found>(result)) {
    if (row.email) byEmail.set(row.email, row.id);
    if (row.phone) byPhone.set(row.phone, row.id);
    stored.set(row.id, { email: row.stored_email, phone: row.phone });
  }
  return { byEmail, byPhone, stored };
}

/** `db.execute` answers `{ rows }` on both drivers (pg and PGlite). */
export type ContactsRepository = ReturnType<typeof createContactsRepository>;
