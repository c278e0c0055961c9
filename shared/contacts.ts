import type { Channel } from './domain';
import { CHANNELS } from './domain';
import type { Language } from './i18n/languages';
import { NAME_MAX } from './field-limits';

// The contacts' words, without zod (the schemas are in shared/schemas/contacts.ts, which exports these too).

// Contacts (PRODUCT.md sections 4 and 5). The form and the API parse with these schemas.
export const CONTACT_NAME_MAX = NAME_MAX;
export const TAG_MAX = 30;
export const TAGS_MAX = 20;
export const CONTACTS_PAGE_SIZE = 20;
export const CONTACTS_MAX_PAGE_SIZE = 100;
/** Without paging parameters the list answers everything up to this many, by name (the request form's select). */
export const CONTACTS_UNPAGED_LIMIT = 5000;
export const CONTACT_SEARCH_MAX = 200;

export const CONTACT_MESSAGES = {
  name: 'Please enter a name',
  nameTooLong: `Name must be at most ${CONTACT_NAME_MAX} characters`,
  email: 'Please enter a valid email address.',
  phone: 'Please enter a valid phone number, e.g. +1 213 373 4253',
  emailOrPhone: 'Please enter an email or a phone number',
  tag: `Tags are 1 to ${TAG_MAX} characters`,
  tags: `At most ${TAGS_MAX} tags`,
} as const;

export function uniqueTags(tags: readonly string[]): string[] {
  const seen = new Set<string>();
  const out: string[] = [];
  for (const raw of tags) {
    const tag = raw.trim();
    const key = tag.toLowerCase();
    if (!tag || seen.has(key)) continue;
    seen.add(key);
    out.push(tag);
  }
  return out;
}

export const OPT_IN_REASON_MAX = 500;

/** A contact as the API answers it; `optedOut` holds when each channel was opted out of, or null. */
export interface Contact {
  id: number;
  name: string;
  email: string | null;
  phone: string | null;
  /** The phone as people read it (+44 7700 900123), formatted on the server: the list needs no phone library. */
  phoneDisplay: string | null;
  tags: string[];
  timeZone: string | null;
  /** What they read; null: the location's default, else their browser's (shared/i18n). */
  language: Language | null;
  optedOut: Record<Channel, string | null>;
  createdAt: string;
  updatedAt: string;
}

export interface ContactTag {
  tag: string;
  count: number;
}

export const OPT_OUT_CHANNELS = CHANNELS;

// CSV import (POST /api/contacts/import).
export const IMPORT_MAX_BYTES = 5 * 1024 * 1024;
export const IMPORT_MAX_ROWS = 50_000;
/** The per-row report is capped; the counts stay exact. */
export const IMPORT_REPORT_ROWS = 1000;
export const IMPORT_COLUMNS = ['name', 'email', 'phone'] as const;
/** Columns an import may also have: tags (comma-separated in one cell) and language (de, German, Deutsch…). */
export const IMPORT_OPTIONAL_COLUMNS = ['tags', 'language'] as const;

export const IMPORT_STATUSES = ['created', 'updated', 'skipped'] as const;
export type ImportRowStatus = (typeof IMPORT_STATUSES)[number];

export interface ImportRowReport {
  /** The line of the file the row ends on (the header is line 1). */
  line: number;
  status: ImportRowStatus;
  reason?: string;
  /** An updated row's replaced phone or email, e.g. "Phone changed from +44… to +44…" (never silently). */
  changes?: string[];
}

export interface ImportResult {
  created: number;
  updated: number;
  skipped: number;
  rows: ImportRowReport[];
  /** True when some rows were left out of `rows` (skipped rows are listed first). */
  truncated: boolean;
}

/** Who or what opted a contact out of a channel. */
export const OPT_OUT_SOURCES = ['sms_stop', 'unsubscribe_link', 'owner'] as const;
export type OptOutSource = (typeof OPT_OUT_SOURCES)[number];
/** The contact's own choices: only they, or the owner with a recorded reason, may undo them. */
export const SELF_OPT_OUT_SOURCES: readonly OptOutSource[] = ['sms_stop', 'unsubscribe_link'];

export const CONSENT_EVENT_KINDS = ['consent', 'opt_out', 'opt_in'] as const;
export type ConsentEventKind = (typeof CONSENT_EVENT_KINDS)[number];
/** How a consent event came about: entered by hand, imported, a STOP/START reply, an unsubscribe link. */
export const CONSENT_SOURCES = [
  'manual',
  'import',
  'sms_stop',
  'sms_start',
  'unsubscribe_link',
  'owner',
] as const;
export type ConsentSource = (typeof CONSENT_SOURCES)[number];

/** One line of a contact's consent record (GET /api/contacts/{id}/consent). */
export interface ConsentEvent {
  id: number;
  channel: Channel;
  kind: ConsentEventKind;
  source: ConsentSource;
  reason: string | null;
  createdAt: string;
}

export const SELF_OPT_OUT_CONFLICT: Record<OptOutSource, string> = {
  sms_stop:
    'This person opted out themselves by replying STOP. Say why they may be contacted again to re-subscribe them.',
  unsubscribe_link:
    'This person unsubscribed themselves with the link in an email. Say why they may be contacted again to re-subscribe them.',
  owner: '',
};

/** The kinds of line on a contact's timeline (issue 41: one customer, one policy). */
export const CONTACT_EVENT_KINDS = ['asked', 'skipped', 'cancelled', 'reviewed'] as const;
export type ContactEventKind = (typeof CONTACT_EVENT_KINDS)[number];

/** One line of a contact's timeline (GET /api/contacts/{id}/timeline), newest first. */
export interface ContactEvent {
  id: number;
  kind: ContactEventKind;
  channel: Channel | null;
  detail: string;
  reviewRequestId: number | null;
  createdAt: string;
}
