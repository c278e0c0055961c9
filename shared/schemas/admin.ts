import { z } from 'zod';

import { emailField, newPasswordField, RegisterFormSchema } from './auth';
import { CHANNELS, IdSchema } from './domain';

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

// ---------------------------------------------------------------------------------------------- clients

export const CLIENT_STATUSES = ['active', 'disabled'] as const;
export type ClientStatus = (typeof CLIENT_STATUSES)[number];

export const ClientListQuerySchema = PagingSchema.extend({
  q: z.string().trim().max(100, { error: 'Search is too long' }).optional(),
});
export type ClientListQuery = z.input<typeof ClientListQuerySchema>;

const planIdField = IdSchema.nullable();

/** An admin creates a client account with its first password (the register rules). */
export const CreateClientSchema = RegisterFormSchema.extend({
  planId: planIdField.optional(),
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

/** The plan select's value for "no plan" (a select's values are strings, and never empty). */
export const NO_PLAN = 'none';
const planChoice = z.string().regex(/^(none|\d+)$/, { error: 'Please choose a plan' });

/** planId as the API takes it, from the plan select's value. */
export const planIdFromChoice = (choice: string): number | null =>
  choice === NO_PLAN ? null : Number(choice);

/** The Add client form: the register rules plus the plan select. */
export const AddClientFormSchema = RegisterFormSchema.extend({ planId: planChoice });
export type AddClientFormInput = z.input<typeof AddClientFormSchema>;

/** The edit form (no password, no status: those have their own actions). */
export const EditClientFormSchema = z.object({
  firstName: RegisterFormSchema.shape.firstName,
  companyName: RegisterFormSchema.shape.companyName,
  email: emailField,
  planId: planChoice,
});
export type EditClientFormInput = z.input<typeof EditClientFormSchema>;

export interface AdminClientRow {
  id: number;
  companyName: string;
  firstName: string;
  email: string;
  /** Null when none is assigned: the free plan's limits apply, and the admin reads it as "Free". */
  plan: { id: number; name: string; archived: boolean } | null;
  reviews: number;
  createdAt: string;
  disabledAt: string | null;
  status: ClientStatus;
}

/** GET /api/admin/clients/{id}: the row plus a few figures for the Admin View. */
export interface AdminClientDetail extends AdminClientRow {
  locations: number;
  contacts: number;
  reviewRequests: number;
}

// ------------------------------------------------------------------------------------------------ stats

export interface WeeklyPoint {
  /** Monday of the week, YYYY-MM-DD (UTC). */
  week: string;
  reviews: number;
  requests: number;
}

export interface DeliveryFailure {
  id: number;
  clientId: number;
  companyName: string;
  method: string;
  reason: string;
  failedAt: string;
}

export interface RecentSignUp {
  id: number;
  companyName: string;
  firstName: string;
  email: string;
  createdAt: string;
}

export interface AdminStats {
  clients: {
    total: number;
    newThisMonth: number;
    /** Signed in, or sent a review request, in the last 30 days (see admin-stats.repository.ts). */
    active: number;
    disabled: number;
  };
  weekly: WeeklyPoint[];
  deliveryFailures: { last30Days: number; latest: DeliveryFailure[] };
  recentSignUps: RecentSignUp[];
}

// -------------------------------------------------------------------------------------- email and outbox

/** The system templates an admin can send to test the mail transport. */
export const SYSTEM_EMAIL_TEMPLATES = ['review-request', 'welcome', 'plain-test'] as const;
export const SystemEmailTemplateSchema = z.enum(SYSTEM_EMAIL_TEMPLATES, {
  error: 'Please choose a template',
});
export type SystemEmailTemplate = z.infer<typeof SystemEmailTemplateSchema>;
export const SYSTEM_EMAIL_TEMPLATE_LABELS: Record<SystemEmailTemplate, string> = {
  'review-request': 'Review request (default template)',
  welcome: 'Welcome',
  'plain-test': 'Plain test message',
};

export const EmailTestSchema = z.object({
  to: emailField,
  template: SystemEmailTemplateSchema,
});
export type EmailTestInput = z.input<typeof EmailTestSchema>;

export interface EmailTestResult {
  status: string;
  transport: string;
  messageId?: string | null;
  error?: string | null;
}

export interface MailStatus {
  transport: 'smtp' | 'outbox';
  ok: boolean;
  error?: string;
}

export const OutboxQuerySchema = PagingSchema.extend({
  channel: z.enum(CHANNELS, { error: 'Channel must be email, sms or whatsapp' }).optional(),
});
export type OutboxQuery = z.input<typeof OutboxQuerySchema>;

export interface OutboxMessage {
  id: number;
  channel: string;
  transport: string;
  recipient: string;
  subject: string | null;
  body: string;
  html: string | null;
  status: string;
  providerMessageId: string | null;
  providerResponse: string | null;
  error: string | null;
  createdAt: string;
  client: { id: number; companyName: string } | null;
}

// ------------------------------------------------------------------------------------------------ audit

export const AuditQuerySchema = PagingSchema.extend({
  clientId: IdSchema.optional(),
});
export type AuditQuery = z.input<typeof AuditQuerySchema>;

export interface AuditEntry {
  id: number;
  action: string;
  actor: { id: number; email: string } | null;
  targetClient: { id: number; companyName: string } | null;
  details: Record<string, unknown>;
  createdAt: string;
}

// ------------------------------------------------------------------------------- client support screens

export const CHECK_STATUSES = ['ok', 'warning', 'error'] as const;
export type CheckStatus = (typeof CHECK_STATUSES)[number];

export interface SystemCheck {
  id: string;
  label: string;
  status: CheckStatus;
  detail: string;
  /** A client route (relative to the client's area) where the problem is fixed; null when nothing to do. */
  fixPath: string | null;
}

export interface SystemTestResult {
  checkedAt: string;
  checks: SystemCheck[];
}

export interface DebugInfo {
  user: {
    id: number;
    email: string;
    firstName: string;
    companyName: string;
    role: string;
    planId: number | null;
    createdAt: string;
  };
  session: { idHashPrefix: string | null; signedInAt: string | null; expiresAt: string | null };
  server: { version: string; uptimeSeconds: number; database: 'pglite' | 'postgres'; node: string };
  health: { database: 'up' | 'down'; time: string };
}
