import { z } from 'zod';
import { ChannelSchema } from './domain';
import { LanguageSchema } from './language';
import { optOutAddition, placeholderProblem } from '../templates';
import {
  LINK_PLACEHOLDER,
  PREVIEW_VALUE_MAX,
  TEMPLATE_BODY_MAX,
  TEMPLATE_MESSAGES,
  TEMPLATE_NAME_MAX,
  TEMPLATE_SUBJECT_MAX,
  type TemplateFields,
} from '../template-words';

export * from '../template-words';

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
    error: /* @__PURE__ */ TEMPLATE_MESSAGES.bodyTooLong('email'),
  });

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
    language: /* @__PURE__ */ LanguageSchema.default('en'),
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
    name: /* @__PURE__ */ nameField.optional(),
    language: /* @__PURE__ */ LanguageSchema.optional(),
    subject: subjectField,
    body: /* @__PURE__ */ bodyField.optional(),
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
  language: /* @__PURE__ */ LanguageSchema.default('en'),
  subject: z.string().max(TEMPLATE_SUBJECT_MAX).nullish(),
  body: z
    .string()
    .max(TEMPLATE_BODY_MAX.email, { error: /* @__PURE__ */ TEMPLATE_MESSAGES.bodyTooLong('email') }),
  values: PreviewValuesSchema,
});
export type PreviewTemplateInput = z.infer<typeof PreviewTemplateSchema>;
