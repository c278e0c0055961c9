import { formatPhone, type CountryCode } from '@shared/phone';
import {
  CONTACT_MESSAGES,
  CONTACTS_UNPAGED_LIMIT,
  IMPORT_REPORT_ROWS,
  type Contact,
  type ContactListQuery,
  type CreateContactInput,
  type ImportResult,
  type ImportRowReport,
  type ConsentEvent,
  type ContactEvent,
  type OptedOutInput,
  SELF_OPT_OUT_CONFLICT,
  SELF_OPT_OUT_SOURCES,
  type UpdateContactInput,
} from '@shared/schemas/contacts';
import type { Channel } from '@shared/schemas/domain';
import type { AppError } from '../../lib/errors';
import { badRequest, conflict, notFound } from '../../lib/errors';
import { csvLine } from '../../lib/csv';
import { reachableChannels, type NewConsentEvent } from './consent.repository';
import { decodeUtf8, parseContactsCsv, SKIP_REASONS } from './contacts.csv';
import type { AppContext } from '../../lib/context';
import {
  createContactsRepository,
  type ContactRow,
  type ContactsRepository,
  type ImportWrite,
} from './contacts.repository';
import { isUniqueViolation } from '../../db/unique-violation';

export const CONTACT_NOT_FOUND = 'Contact not found';
export const EMAIL_IN_USE = 'Another contact already has this email';
export const PHONE_IN_USE = 'Another contact already has this phone number';

export function toContact(row: ContactRow): Contact {
  const iso = (date: Date | null) => (date ? date.toISOString() : null);
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    phone: row.phone,
    phoneDisplay: row.phone ? formatPhone(row.phone) : null,
    tags: row.tags,
    timeZone: row.timeZone,
    language: row.language,
    optedOut: {
      email: iso(row.emailOptedOutAt),
      sms: iso(row.smsOptedOutAt),
      whatsapp: iso(row.whatsappOptedOutAt),
    },
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

const OPT_OUT_COLUMN = {
  email: 'emailOptedOutAt',
  sms: 'smsOptedOutAt',
  whatsapp: 'whatsappOptedOutAt',
} as const satisfies Record<Channel, keyof ContactRow>;

const OPT_OUT_SOURCE = {
  email: 'emailOptOutSource',
  sms: 'smsOptOutSource',
  whatsapp: 'whatsappOptOutSource',
} as const satisfies Record<Channel, keyof ContactRow>;

type OptOutColumns = Partial<
  Pick<ContactRow, (typeof OPT_OUT_COLUMN)[Channel] | (typeof OPT_OUT_SOURCE)[Channel]>
>;
type ConsentLine = Omit<NewConsentEvent, 'ownerId' | 'contactId'>;

/**
 * The owner's opt-out switches as column changes and consent record lines. Turning one on keeps its first
 * date; turning off an opt-out the contact made themselves (a STOP reply, an unsubscribe link) needs a
 * recorded reason, or it is refused: nobody is silently re-subscribed (issue 14).
 */
function optOutChanges(
  optedOut: OptedOutInput | undefined,
  current?: ContactRow,
  optInReason?: string,
): { columns: OptOutColumns; consent: ConsentLine[] } {
  const columns: OptOutColumns = {};
  const consent: ConsentLine[] = [];
  if (!optedOut) return { columns, consent };
  for (const channel of Object.keys(OPT_OUT_COLUMN) as Channel[]) {
    const on = optedOut[channel];
    if (on === undefined) continue;
    const since = current?.[OPT_OUT_COLUMN[channel]] ?? null;
    if (on && !since) {
      columns[OPT_OUT_COLUMN[channel]] = new Date();
      columns[OPT_OUT_SOURCE[channel]] = 'owner';
      consent.push({ channel, kind: 'opt_out', source: 'owner' });
    } else if (!on && since) {
      const source = current?.[OPT_OUT_SOURCE[channel]] ?? null;
      if (source && SELF_OPT_OUT_SOURCES.includes(source) && !optInReason) {
        throw conflict(SELF_OPT_OUT_CONFLICT[source], 'opt_in_reason_required');
      }
      columns[OPT_OUT_COLUMN[channel]] = null;
      columns[OPT_OUT_SOURCE[channel]] = null;
      consent.push({ channel, kind: 'opt_in', source: 'owner', reason: optInReason ?? null });
    }
  }
  return { columns, consent };
}

/** Consent given when the owner entered a way to reach the contact, per channel it opens. */
function manualConsent(
  contact: { email: string | null; phone: string | null },
  before?: ContactRow,
): ConsentLine[] {
  const had = before ? reachableChannels(before) : [];
  return reachableChannels(contact)
    .filter((channel) => !had.includes(channel))
    .map((channel) => ({ channel, kind: 'consent' as const, source: 'manual' as const }));
}

function duplicateError(err: unknown): AppError | undefined {
  if (isUniqueViolation(err, 'contacts_owner_email_unique')) return conflict(EMAIL_IN_USE, 'email_taken');
  if (isUniqueViolation(err, 'contacts_owner_phone_unique')) return conflict(PHONE_IN_USE, 'phone_taken');
  return undefined;
}

/**
 * Skipped rows first, then rows whose phone or email changed (they are what the reader must act on or
 * check), then the rest, in file order.
 */
function capReport(rows: ImportRowReport[]): { rows: ImportRowReport[]; truncated: boolean } {
  if (rows.length <= IMPORT_REPORT_ROWS) return { rows, truncated: false };
  const rank = (row: ImportRowReport) => (row.status === 'skipped' ? 0 : row.changes ? 1 : 2);
  const kept = [...rows].sort((a, b) => rank(a) - rank(b) || a.line - b.line).slice(0, IMPORT_REPORT_ROWS);
  return { rows: kept.sort((a, b) => a.line - b.line), truncated: true };
}

/** What an import's row replaces on the contact it updates: a different phone, a different email. */
function replacedValues(
  stored: { email: string | null; phone: string | null } | undefined,
  row: { email: string | null; phone: string | null },
): string[] {
  const changes: string[] = [];
  if (stored?.phone && row.phone && stored.phone !== row.phone) {
    changes.push(`Phone changed from ${stored.phone} to ${row.phone}`);
  }
  if (stored?.email && row.email && stored.email.toLowerCase() !== row.email.toLowerCase()) {
    changes.push(`Email changed from ${stored.email} to ${row.email}`);
  }
  return changes;
}

export function createContactsService(repo: ContactsRepository) {
  async function requireContact(ownerId: number, id: number): Promise<ContactRow> {
    const row = await repo.findById(ownerId, id);
    if (!row) throw notFound(CONTACT_NOT_FOUND);
    return row;
  }

  return {
    /** Paged when page or pageSize is given (with the total); otherwise everything up to the cap, by name. */
    async list(ownerId: number, query: ContactListQuery): Promise<{ contacts: Contact[]; total: number }> {
      const filter = { q: query.q || undefined, tag: query.tag || undefined };
      const paged = query.page !== undefined || query.pageSize !== undefined;
      const pageSize = query.pageSize ?? (paged ? 20 : CONTACTS_UNPAGED_LIMIT);
      const offset = paged ? ((query.page ?? 1) - 1) * pageSize : 0;
      const [rows, total] = await Promise.all([
        repo.list(ownerId, filter, { limit: pageSize, offset }),
        repo.count(ownerId, filter),
      ]);
      return { contacts: rows.map(toContact), total };
    },

    async get(ownerId: number, id: number): Promise<Contact> {
      return toContact(await requireContact(ownerId, id));
    },

    async create(ownerId: number, input: CreateContactInput): Promise<Contact> {
      const optOuts = optOutChanges(input.optedOut);
      try {
        const row = await repo.insert(
          {
            ownerId,
            name: input.name,
            email: input.email,
            phone: input.phone,
            tags: input.tags,
            timeZone: input.timeZone ?? null,
            language: input.language ?? null,
            ...optOuts.columns,
          },
          (created) =>
            [...manualConsent(created), ...optOuts.consent].map((line) => ({
              ...line,
              ownerId,
              contactId: created.id,
            })),
        );
        return toContact(row);
      } catch (err) {
        throw duplicateError(err) ?? err;
      }
    },

    async update(ownerId: number, id: number, input: UpdateContactInput): Promise<Contact> {
      const current = await requireContact(ownerId, id);
      const email = input.email === undefined ? current.email : input.email;
      const phone = input.phone === undefined ? current.phone : input.phone;
      if (!email && !phone) {
        throw badRequest(CONTACT_MESSAGES.emailOrPhone, { email: [CONTACT_MESSAGES.emailOrPhone] });
      }
      const optOuts = optOutChanges(input.optedOut, current, input.optInReason);
      const consent = [...manualConsent({ email, phone }, current), ...optOuts.consent].map((line) => ({
        ...line,
        ownerId,
        contactId: id,
      }));
      try {
        const row = await repo.update(
          ownerId,
          id,
          {
            ...(input.name !== undefined && { name: input.name }),
            ...(input.email !== undefined && { email: input.email }),
            ...(input.phone !== undefined && { phone: input.phone }),
            ...(input.tags !== undefined && { tags: input.tags }),
            ...(input.timeZone !== undefined && { timeZone: input.timeZone }),
            ...(input.language !== undefined && { language: input.language }),
            ...optOuts.columns,
          },
          consent,
        );
        if (!row) throw notFound(CONTACT_NOT_FOUND);
        return toContact(row);
      } catch (err) {
        throw duplicateError(err) ?? err;
      }
    },

    async consent(ownerId: number, id: number): Promise<ConsentEvent[]> {
      await requireContact(ownerId, id);
      const rows = await repo.consent(ownerId, id);
      return rows.map((row) => ({
        id: row.id,
        channel: row.channel,
        kind: row.kind,
        source: row.source,
        reason: row.reason,
        createdAt: row.createdAt.toISOString(),
      }));
    },

    /** The contact's timeline (asked, skipped, cancelled, reviewed), newest first (issue 41). */
    async timeline(ownerId: number, id: number): Promise<ContactEvent[]> {
      await requireContact(ownerId, id);
      const rows = await repo.timeline(ownerId, id);
      return rows.map((row) => ({
        id: row.id,
        kind: row.kind,
        channel: row.channel,
        detail: row.detail,
        reviewRequestId: row.reviewRequestId,
        createdAt: row.createdAt.toISOString(),
      }));
    },

    async remove(ownerId: number, id: number): Promise<void> {
      if (!(await repo.remove(ownerId, id))) throw notFound(CONTACT_NOT_FOUND);
    },

    tags(ownerId: number) {
      return repo.tags(ownerId);
    },

    /**
     * Imports a CSV file: each row creates a contact, updates the one with the same email (any case) or
     * phone, or is skipped with its reason. All or nothing: a failure writes no row.
     */
    async importCsv(ownerId: number, bytes: Uint8Array, country: CountryCode): Promise<ImportResult> {
      const parsed = parseContactsCsv(decodeUtf8(bytes), country);
      const valid = parsed.filter((row) => row.ok);
      const keys = {
        emails: valid.flatMap((row) => (row.email ? [row.email.toLowerCase()] : [])),
        phones: valid.flatMap((row) => (row.phone ? [row.phone] : [])),
      };

      const report: ImportRowReport[] = [];
      let created = 0;
      let updated = 0;
      try {
        await repo.importContacts(
          ownerId,
          ({ byEmail, byPhone, stored }) => {
            const inserts: ImportWrite[] = [];
            const updates: (ImportWrite & { id: number })[] = [];
            const lineOfUpdate = new Map<number, number>();
            for (const row of parsed) {
              if (!row.ok) {
                report.push({ line: row.line, status: 'skipped', reason: row.reason });
                continue;
              }
              const byMail = row.email ? byEmail.get(row.email.toLowerCase()) : undefined;
              const byTel = row.phone ? byPhone.get(row.phone) : undefined;
              if (byMail && byTel && byMail !== byTel) {
                report.push({ line: row.line, status: 'skipped', reason: SKIP_REASONS.twoContacts });
                continue;
              }
              const write = {
                name: row.name,
                email: row.email,
                phone: row.phone,
                tags: row.tags,
                language: row.language,
              };
              const id = byMail ?? byTel;
              if (id === undefined) {
                inserts.push(write);
                report.push({ line: row.line, status: 'created' });
                continue;
              }
              const earlier = lineOfUpdate.get(id);
              if (earlier !== undefined) {
                report.push({
                  line: row.line,
                  status: 'skipped',
                  reason: SKIP_REASONS.sameContactInFile(earlier),
                });
                continue;
              }
              lineOfUpdate.set(id, row.line);
              updates.push({ id, ...write });
              const changes = replacedValues(stored.get(id), row);
              report.push({ line: row.line, status: 'updated', ...(changes.length > 0 && { changes }) });
            }
            created = inserts.length;
            updated = updates.length;
            return { inserts, updates };
          },
          keys,
        );
      } catch (err) {
        // Only a concurrent change (a contact added meanwhile) can collide here; nothing was written.
        if (isUniqueViolation(err)) {
          throw conflict('Your contacts changed during the import. Nothing was imported; please try again.');
        }
        throw err;
      }
      const skipped = report.length - created - updated;
      return { created, updated, skipped, ...capReport(report) };
    },

    async exportCsv(ownerId: number): Promise<string> {
      const rows = await repo.all(ownerId);
      const lines = [csvLine(['name', 'email', 'phone', 'tags', 'language'])];
      for (const row of rows)
        lines.push(csvLine([row.name, row.email, row.phone, row.tags.join(';'), row.language]));
      return lines.join('');
    },
  };
}

export type ContactsService = ReturnType<typeof createContactsService>;

/** The service over the app's database, as its routes use it (routes never build a repository). */
export function contactsServiceFor(ctx: Pick<AppContext, 'db' | 'env'>) {
  return createContactsService(createContactsRepository(ctx.db));
}
