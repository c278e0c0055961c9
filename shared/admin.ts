// The admin words, without zod (the schemas are in shared/schemas/admin.ts, which exports these too).

// ---------------------------------------------------------------------------------------------- clients

export const CLIENT_STATUSES = ['active', 'disabled'] as const;
export type ClientStatus = (typeof CLIENT_STATUSES)[number];

/** The plan select's value for "no plan" (a select's values are strings, and never empty). */
export const NO_PLAN = 'none';

/** planId as the API takes it, from the plan select's value. */
export const planIdFromChoice = (choice: string): number | null =>
  choice === NO_PLAN ? null : Number(choice);

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
export type SystemEmailTemplate = (typeof SYSTEM_EMAIL_TEMPLATES)[number];
export const SYSTEM_EMAIL_TEMPLATE_LABELS: Record<SystemEmailTemplate, string> = {
  'review-request': 'Review request (default template)',
  welcome: 'Welcome',
  'plain-test': 'Plain test message',
};

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
