import { z } from 'zod';

import { emailField, newPasswordField, RegisterFormSchema } from './auth';
import { CHANNELS, IdSchema } from './domain';
import { SYSTEM_EMAIL_TEMPLATES } from '../admin';

export * from '../admin';

/** Page and page size of every admin list; answers carry X-Total-Count. */
export const PagingSchema = z.object({
  page: z.coerce
    .number({ error: 'Page must be a number' })
    .int({ error: 'Page must be a whole number' })
    .min(1, { error: 'Page must be 1 or more' })
    .max(100_000, { error: 'Page is too large' })
    .default(1),
  pageSize: z.coerce
    .number({ error: 'Page size must be a number' })
    .int({ error: 'Page size must be a whole number' })
    .min(1, { error: 'Page size must be between 1 and 100' })
    .max(100, { error: 'Page size must be between 1 and 100' })
    .default(20),
});

export const ClientListQuerySchema = /* @__PURE__ */ PagingSchema.extend({
  q: z.string().trim().max(100, { error: 'Search is too long' }).optional(),
});
export type ClientListQuery = z.input<typeof ClientListQuerySchema>;

const planIdField = /* @__PURE__ */ IdSchema.nullable();

/** An admin creates a client account with its first password (the register rules). */
export const CreateClientSchema = /* @__PURE__ */ RegisterFormSchema.extend({
  planId: /* @__PURE__ */ planIdField.optional(),
});
export type CreateClientInput = z.input<typeof CreateClientSchema>;

export const UpdateClientSchema = z
  .object({
    firstName: RegisterFormSchema.shape.firstName,
    companyName: RegisterFormSchema.shape.companyName,
    email: emailField,
    planId: planIdField,
    disabled: z.boolean(),
    password: newPasswordField,
  })
  .partial()
  .refine((changes) => Object.values(changes).some((value) => value !== undefined), {
    error: 'Nothing to change',
  });
export type UpdateClientInput = z.input<typeof UpdateClientSchema>;
const planChoice = z.string().regex(/^(none|\d+)$/, { error: 'Please choose a plan' });

/** The Add client form: the register rules plus the plan select. */
export const AddClientFormSchema = /* @__PURE__ */ RegisterFormSchema.extend({ planId: planChoice });
export type AddClientFormInput = z.input<typeof AddClientFormSchema>;

/** The edit form (no password, no status: those have their own actions). */
export const EditClientFormSchema = z.object({
  firstName: RegisterFormSchema.shape.firstName,
  companyName: RegisterFormSchema.shape.companyName,
  email: emailField,
  planId: planChoice,
});
export type EditClientFormInput = z.input<typeof EditClientFormSchema>;
export const SystemEmailTemplateSchema = z.enum(SYSTEM_EMAIL_TEMPLATES, {
  error: 'Please choose a template',
});

export const EmailTestSchema = z.object({
  to: emailField,
  template: SystemEmailTemplateSchema,
});
export type EmailTestInput = z.input<typeof EmailTestSchema>;

export const OutboxQuerySchema = /* @__PURE__ */ PagingSchema.extend({
  channel: z.enum(CHANNELS, { error: 'Channel must be email, sms or whatsapp' }).optional(),
});
export type OutboxQuery = z.input<typeof OutboxQuerySchema>;

// ------------------------------------------------------------------------------------------------ audit

export const AuditQuerySchema = /* @__PURE__ */ PagingSchema.extend({
  clientId: /* @__PURE__ */ IdSchema.optional(),
});
export type AuditQuery = z.input<typeof AuditQuerySchema>;
