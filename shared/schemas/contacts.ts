import { z } from 'zod';
import { optionalTimeZone } from './request-settings';
import { optionalLanguageField } from './language';
import { normalizePhone } from '../phone';
import { EMAIL_MAX } from './auth';
import { hasNoNul } from './locations';
import {
  CONTACT_NAME_MAX,
  TAG_MAX,
  TAGS_MAX,
  CONTACTS_MAX_PAGE_SIZE,
  CONTACT_SEARCH_MAX,
  CONTACT_MESSAGES,
  uniqueTags,
  OPT_IN_REASON_MAX,
} from '../contacts';

export * from '../contacts';

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
    tags: /* @__PURE__ */ tagsField.default([]),
    optedOut: /* @__PURE__ */ OptedOutInputSchema.optional(),
    /** For quiet hours; unknown: the location's, else the business's. */
    timeZone: /* @__PURE__ */ optionalTimeZone.optional(),
    /** What they read (messages, review page); unknown: the location's default, else their browser's. */
    language: /* @__PURE__ */ optionalLanguageField.optional(),
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

/** PATCH: any subset; the email-or-phone rule is checked against the row once merged. */
export const UpdateContactSchema = z.object({
  name: /* @__PURE__ */ contactNameField.optional(),
  email: /* @__PURE__ */ optionalEmailField.optional(),
  phone: /* @__PURE__ */ optionalPhoneField.optional(),
  tags: /* @__PURE__ */ tagsField.optional(),
  optedOut: /* @__PURE__ */ OptedOutInputSchema.optional(),
  timeZone: /* @__PURE__ */ optionalTimeZone.optional(),
  language: /* @__PURE__ */ optionalLanguageField.optional(),
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
  page: /* @__PURE__ */ pageField.optional(),
  pageSize: z.coerce
    .number({ error: 'pageSize must be a number' })
    .int({ error: 'pageSize must be a whole number' })
    .min(1, { error: 'pageSize must be 1 or more' })
    .max(CONTACTS_MAX_PAGE_SIZE, { error: `pageSize must be at most ${CONTACTS_MAX_PAGE_SIZE}` })
    .optional(),
});
export type ContactListQuery = z.infer<typeof ContactListQuerySchema>;
