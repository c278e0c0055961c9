import { z } from 'zod';
import { ChannelSchema, type Channel } from './domain';
import { DEFAULT_TEMPLATES, optOutAddition, placeholderProblem } from '../templates';

// Limits of a template (PRODUCT.md section 4): an SMS or WhatsApp text is at most 1,600 characters (Twilio's
// limit for a concatenated message), an email body 10,000.
export const TEMPLATE_NAME_MAX = 100;
export const TEMPLATE_SUBJECT_MAX = 200;
export const TEMPLATE_BODY_MAX: Record<Channel, number> = { email: 10_000, sms: 1_600, whatsapp: 1_600 };
export const PREVIEW_VALUE_MAX = 500;

/** {{link}} with optional spaces inside the braces, as renderText accepts it. */
const LINK_PLACEHOLDER = /\{\{\s*link\s*\}\}/;

export const TEMPLATE_MESSAGES = {
  name: 'Please enter a template name',
  subject: 'Please enter a subject',
  body: 'Please enter the message',
  link: 'The message must include the {{link}} placeholder',
  bodyTooLong: (channel: Channel) =>
    channel === 'email'
      ? 'Email messages are limited to 10,000 characters'
      : `${channel === 'sms' ? 'SMS' : 'WhatsApp'} messages are limited to 1,600 characters`,
  optOutTooLong: (channel: Channel) =>
    `${channel === 'sms' ? 'SMS' : 'WhatsApp'} messages are limited to 1,600 characters, with “Reply STOP to opt out.” added at the end`,
} as const;

const nameField = z
  .string({ error: TEMPLATE_MESSAGES.name })
  .trim()
  .min(1, { error: TEMPLATE_MESSAGES.name })
  .max(TEMPLATE_NAME_MAX, { error: `Names are limited to ${TEMPLATE_NAME_MAX} characters` });

const subjectField = z
  .string()
  .trim()
  .max(TEMPLATE_SUBJECT_MAX, { error: `Subjects are limited to ${TEMPLATE_SUBJECT_MAX} characters` })
  .nullish();

const bodyField = z
  .string({ error: TEMPLATE_MESSAGES.body })
  .refine((body) => body.trim().length > 0, { error: TEMPLATE_MESSAGES.body })
  // The largest channel limit; the per-channel limit is checked with the channel below.
  .refine((body) => body.length <= TEMPLATE_BODY_MAX.email, {
    error: TEMPLATE_MESSAGES.bodyTooLong('email'),
  });

interface TemplateFields {
  channel: Channel;
  subject?: string | null;
  body: string;
}

/**
 * The rules that need the channel: subject for email, known placeholders only, {{link}} in the body, the
 * channel's length limit (for a text, with the opt-out words the renderer adds).
 */
function checkTemplate(value: TemplateFields, ctx: z.RefinementCtx): void {
  if (value.channel === 'email' && !value.subject?.trim())
    ctx.addIssue({ code: 'custom', path: ['subject'], message: TEMPLATE_MESSAGES.subject });
  const subjectProblem =
    value.channel === 'email' && value.subject ? placeholderProblem(value.subject) : null;
  if (subjectProblem) ctx.addIssue({ code: 'custom', path: ['subject'], message: subjectProblem });
  const bodyProblem = placeholderProblem(value.body);
  if (bodyProblem) ctx.addIssue({ code: 'custom', path: ['body'], message: bodyProblem });
  if (value.body.trim() && !LINK_PLACEHOLDER.test(value.body))
    ctx.addIssue({ code: 'custom', path: ['body'], message: TEMPLATE_MESSAGES.link });
  const limit = TEMPLATE_BODY_MAX[value.channel];
  if (value.body.length > limit)
    ctx.addIssue({ code: 'custom', path: ['body'], message: TEMPLATE_MESSAGES.bodyTooLong(value.channel) });
  else if (value.channel !== 'email' && value.body.length + optOutAddition(value.body).length > limit)
    ctx.addIssue({ code: 'custom', path: ['body'], message: TEMPLATE_MESSAGES.optOutTooLong(value.channel) });
}

export const TemplateFormSchema = z
  .object({
    name: nameField,
    channel: ChannelSchema,
    subject: subjectField,
    body: bodyField,
    isDefault: z.boolean().default(false),
  })
  .superRefine(checkTemplate);
export type TemplateFormInput = z.input<typeof TemplateFormSchema>;
export type TemplateFormValues = z.output<typeof TemplateFormSchema>;

/** POST /api/templates. */
export const CreateTemplateSchema = TemplateFormSchema;
export type CreateTemplateInput = TemplateFormValues;

/**
 * PATCH /api/templates/:id: any of the fields; the channel of a template never changes. The service merges
 * the change into the stored template and checks the whole with CreateTemplateSchema.
 */
export const UpdateTemplateSchema = z
  .object({
    name: nameField.optional(),
    subject: subjectField,
    body: bodyField.optional(),
    isDefault: z.boolean().optional(),
  })
  .strict();
export type UpdateTemplateInput = z.infer<typeof UpdateTemplateSchema>;

const previewValue = z.string().trim().max(PREVIEW_VALUE_MAX).optional();
export const PreviewValuesSchema = z
  .object({ name: previewValue, business: previewValue, link: previewValue })
  .optional();

/** POST /api/templates/:id/preview: optional values instead of the samples. */
export const PreviewSavedTemplateSchema = z.object({ values: PreviewValuesSchema });

/** POST /api/templates/preview: unsaved text. */
export const PreviewTemplateSchema = z.object({
  channel: ChannelSchema,
  subject: z.string().max(TEMPLATE_SUBJECT_MAX).nullish(),
  body: z.string().max(TEMPLATE_BODY_MAX.email, { error: TEMPLATE_MESSAGES.bodyTooLong('email') }),
  values: PreviewValuesSchema,
});
export type PreviewTemplateInput = z.infer<typeof PreviewTemplateSchema>;

/** A template as the API answers it; the shipped default of a channel has `builtIn: true` and no id. */
export interface Template {
  id: number | null;
  name: string;
  channel: Channel;
  subject: string | null;
  body: string;
  isDefault: boolean;
  builtIn: boolean;
  createdAt: string | null;
  updatedAt: string | null;
}

export interface TemplatePreview {
  subject: string | null;
  body: string;
  characters: number;
  /** SMS segments for sms and whatsapp; null for email. */
  segments: number | null;
  encoding: 'GSM-7' | 'UCS-2' | null;
}

/** The sample values a preview uses when none are given. */
export const SAMPLE_CONTACT_NAME = 'Jordan';
export const SAMPLE_LINK_PATH = '/review/sample-link';

/** The shipped template of a channel, shown where the client has no default of their own. */
export function builtInTemplate(channel: Channel): Template {
  const shipped = DEFAULT_TEMPLATES[channel];
  return {
    id: null,
    name: shipped.name,
    channel,
    subject: shipped.subject,
    body: shipped.body,
    // It is what that channel's requests use until the client marks one of their own as default.
    isDefault: true,
    builtIn: true,
    createdAt: null,
    updatedAt: null,
  };
}
