import { z } from 'zod';
import { optionalTimeZone } from './request-settings';
import { normalizePhone } from '../phone';
import { EMAIL_MAX, NAME_MAX } from './auth';
import { CHANNELS, type Channel } from './domain';
import { hasNoNul } from './locations';

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

const isEmail = (value: string) => z.email().safeParse(value).success;

/** '' or null clears the email; anything else must be an email. */
export const optionalEmailField = z
  .string({ error: CONTACT_MESSAGES.email })
  .trim()
  .max(EMAIL_MAX, { error: CONTACT_MESSAGES.email })
  .nullish()
  .transform((value, ctx) => {
    if (!value) return null;
    if (!isEmail(value)) {
      ctx.addIssue({ code: 'custom', message: CONTACT_MESSAGES.email });
      return z.NEVER;
    }
    return value;
  });

/** '' or null clears the phone; anything else is normalised to E.164 (numbers without +code read as US). */
export const optionalPhoneField = z
  .string({ error: CONTACT_MESSAGES.phone })
  .trim()
  .max(40, { error: CONTACT_MESSAGES.phone })
  .nullish()
  .transform((value, ctx) => {
    if (!value) return null;
    const e164 = normalizePhone(value);
    if (!e164) {
      ctx.addIssue({ code: 'custom', message: CONTACT_MESSAGES.phone });
      return z.NEVER;
    }
    return e164;
  });

export const contactNameField = z
  .string({ error: CONTACT_MESSAGES.name })
  .trim()
  .min(1, { error: CONTACT_MESSAGES.name })
  .max(CONTACT_NAME_MAX, { error: CONTACT_MESSAGES.nameTooLong })
  .refine(hasNoNul, { error: CONTACT_MESSAGES.name });

export const tagField = z
  .string({ error: CONTACT_MESSAGES.tag })
  .trim()
  .min(1, { error: CONTACT_MESSAGES.tag })
  .max(TAG_MAX, { error: CONTACT_MESSAGES.tag })
  .refine(hasNoNul, { error: CONTACT_MESSAGES.tag });

/** Tags, trimmed and without case-insensitive repeats (the first spelling wins). */
export const tagsField = z
  .array(tagField, { error: CONTACT_MESSAGES.tags })
  .max(TAGS_MAX, { error: CONTACT_MESSAGES.tags })
  .transform(uniqueTags);

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

const OptedOutInputSchema = z.object({
  email: z.boolean().optional(),
  sms: z.boolean().optional(),
  whatsapp: z.boolean().optional(),
});
export type OptedOutInput = z.infer<typeof OptedOutInputSchema>;

/** Add or edit a contact: a name and at least one way to reach them. */
export const ContactFormSchema = z
  .object({
    name: contactNameField,
    email: optionalEmailField,
    phone: optionalPhoneField,
    tags: tagsField.default([]),
    optedOut: OptedOutInputSchema.optional(),
    /** For quiet hours; unknown: the location's, else the business's. */
    timeZone: optionalTimeZone.optional(),
  })
  .superRefine((value, ctx) => {
    if (!value.email && !value.phone) {
      ctx.addIssue({ code: 'custom', path: ['email'], message: CONTACT_MESSAGES.emailOrPhone });
    }
  });
export type ContactFormInput = z.input<typeof ContactFormSchema>;
export type ContactFormValues = z.output<typeof ContactFormSchema>;

export const CreateContactSchema = ContactFormSchema;
export type CreateContactInput = ContactFormValues;

export const OPT_IN_REASON_MAX = 500;

/** PATCH: any subset; the email-or-phone rule is checked against the row once merged. */
export const UpdateContactSchema = z.object({
  name: contactNameField.optional(),
  email: optionalEmailField.optional(),
  phone: optionalPhoneField.optional(),
  tags: tagsField.optional(),
  optedOut: OptedOutInputSchema.optional(),
  timeZone: optionalTimeZone.optional(),
  /**
   * Why the contact may be written to again, when they opted out themselves (a STOP reply, an unsubscribe
   * link): without it such an opt-out cannot be undone (409). Kept in the consent record.
   */
  optInReason: z
    .string()
    .trim()
    .min(1, { error: 'Please say why this person may be contacted again' })
    .max(OPT_IN_REASON_MAX, { error: `At most ${OPT_IN_REASON_MAX} characters` })
    .optional(),
});
export type UpdateContactInput = z.output<typeof UpdateContactSchema>;

const pageField = z.coerce
  .number({ error: 'page must be a number' })
  .int({ error: 'page must be a whole number' })
  .min(1, { error: 'page must be 1 or more' })
  .max(1_000_000, { error: 'page is too large' });

export const ContactListQuerySchema = z.object({
  q: z.string().trim().max(CONTACT_SEARCH_MAX).optional(),
  tag: z.string().trim().max(TAG_MAX).optional(),
  page: pageField.optional(),
  pageSize: z.coerce
    .number({ error: 'pageSize must be a number' })
    .int({ error: 'pageSize must be a whole number' })
    .min(1, { error: 'pageSize must be 1 or more' })
    .max(CONTACTS_MAX_PAGE_SIZE, { error: `pageSize must be at most ${CONTACTS_MAX_PAGE_SIZE}` })
    .optional(),
});
export type ContactListQuery = z.infer<typeof ContactListQuerySchema>;

/** A contact as the API answers it; `optedOut` holds when each channel was opted out of, or null. */
export interface Contact {
  id: number;
  name: string;
  email: string | null;
  phone: string | null;
  tags: string[];
  timeZone: string | null;
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
