import { z } from 'zod';

const booleanString = z
  .enum(['true', 'false', '1', '0', 'yes', 'no', 'on', 'off'])
  .transform((value) => ['true', '1', 'yes', 'on'].includes(value));

const optionalUrl = z.url().optional();
const positiveInt = z.coerce.number().int().positive();

const EnvSchema = z
  .object({
    NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
    PORT: z.coerce.number().int().min(0).max(65_535).default(5000),
    HOST: z.string().default('0.0.0.0'),
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
    // Unset: the embedded PGlite database under DATA_DIR.
    DATABASE_URL: z
      .string()
      .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// URL')
      .optional(),
    DATA_DIR: z.string().min(1).default('./data'),
    SESSION_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
    // Number of reverse proxies in front of the app (for client IPs and https detection).
    TRUST_PROXY: z.coerce.number().int().min(0).default(0),
    ADMIN_EMAIL: z.email().optional(),
    ADMIN_PASSWORD: z.string().min(6, 'must be at least 6 characters').optional(),
    SEED_DEMO: booleanString.optional(),
    PUBLIC_BASE_URL: optionalUrl,
    SMTP_URL: z
      .string()
      .regex(/^smtps?:\/\//, 'must be an smtp:// or smtps:// URL')
      .optional(),
    MAIL_FROM: z.string().optional(),
    TWILIO_ACCOUNT_SID: z.string().optional(),
    TWILIO_AUTH_TOKEN: z.string().optional(),
    TWILIO_FROM: z.string().optional(),
    TWILIO_WHATSAPP_FROM: z.string().optional(),
    /** An approved WhatsApp Content template (HX...) with variables 1 name, 2 business, 3 review link. */
    TWILIO_WHATSAPP_CONTENT_SID: z.string().optional(),
    TWILIO_API_BASE: z.url().default('https://api.twilio.com'),
    GOOGLE_CLIENT_ID: z.string().optional(),
    GOOGLE_CLIENT_SECRET: z.string().optional(),
    GOOGLE_API_BASE: z.url().default('https://mybusiness.googleapis.com'),
    GOOGLE_OAUTH_BASE: z.url().default('https://oauth2.googleapis.com'),
    // The consent screen the browser is sent to; tests point it at a local fake.
    GOOGLE_AUTHORIZE_URL: z.url().default('https://accounts.google.com/o/oauth2/v2/auth'),
    FACEBOOK_APP_ID: z.string().optional(),
    FACEBOOK_APP_SECRET: z.string().optional(),
    FACEBOOK_API_BASE: z.url().default('https://graph.facebook.com'),
    STRIPE_SECRET_KEY: z.string().optional(),
    STRIPE_WEBHOOK_SECRET: z.string().optional(),
    STRIPE_API_BASE: z.url().default('https://api.stripe.com'),
    // Days a client keeps its paid plan's limits after a failed renewal payment, before the free plan's apply.
    BILLING_GRACE_DAYS: z.coerce.number().int().min(0).max(90).default(7),
    // 32 bytes as 64 hex characters or base64; encrypts provider tokens at rest.
    TOKEN_ENCRYPTION_KEY: z.string().min(32, 'must be 32 bytes as hex or base64').optional(),
    // Web Push (issue 45): the VAPID key pair push services know this server by, base64url as web-push
    // generates them (both or neither; unset: a pair generated once under DATA_DIR), and the contact they
    // show (mailto: or https:; unset: PUBLIC_BASE_URL).
    VAPID_PUBLIC_KEY: z.string().optional(),
    VAPID_PRIVATE_KEY: z.string().optional(),
    VAPID_SUBJECT: z
      .string()
      .regex(/^(mailto:|https:\/\/)/, 'must start with mailto: or https://')
      .optional(),
    // An OpenAI-compatible chat-completions endpoint writes suggested replies; all three or none (issue 16).
    LLM_API_BASE: optionalUrl,
    LLM_API_KEY: z.string().optional(),
    LLM_MODEL: z.string().optional(),
    // The whole answer must arrive within this time, or the reply template is used instead.
    LLM_TIMEOUT_MS: positiveInt.max(120_000).default(15_000),
    // Minutes between automatic imports of every connected Google location and Facebook page.
    SYNC_INTERVAL_MINUTES: positiveInt.max(24 * 60).default(30),
    RATE_LIMIT_AUTH: positiveInt.default(20),
    /** The free plan's limits when it is first created (PRODUCT.md section 8). */
    FREE_PLAN_REQUESTS: positiveInt.default(100),
    FREE_PLAN_LOCATIONS: positiveInt.default(3),
    /** Review requests an account may send in all until its email is verified (PRODUCT.md section 8). */
    UNVERIFIED_REQUEST_CAP: z.coerce.number().int().min(0).default(20),
    /** Team invitations one business may send in 24 hours (issue 42, item 4). */
    INVITATION_DAILY_CAP: positiveInt.default(20),
    /** Password reset emails one account may be sent in an hour; more requests answer the same, unsent. */
    PASSWORD_RESET_EMAILS_PER_HOUR: positiveInt.default(3),
    RATE_LIMIT_PUBLIC: positiveInt.default(30),
    /** Calls to the public API (/api/v1) per API key per minute (issue 16). */
    RATE_LIMIT_API: positiveInt.default(120),
    MAX_BODY_BYTES: positiveInt.default(100 * 1024),
    MAX_VIDEO_BYTES: positiveInt.default(50 * 1024 * 1024),
    // Video bytes one address, and one review link, may upload per hour.
    UPLOAD_BYTES_PER_IP_PER_HOUR: positiveInt.default(150 * 1024 * 1024),
    UPLOAD_BYTES_PER_LINK_PER_HOUR: positiveInt.default(300 * 1024 * 1024),
    // Below this much free disk, uploads are refused (507) so the database never runs out of room.
    MIN_FREE_DISK_BYTES: z.coerce
      .number()
      .int()
      .min(0)
      .default(512 * 1024 * 1024),
    // An uploaded video not attached to a review within this time is deleted.
    PENDING_UPLOAD_TTL_MINUTES: positiveInt.default(60),
  })
  .superRefine((env, ctx) => {
    if (env.NODE_ENV === 'production' && !env.SESSION_SECRET) {
      ctx.addIssue({
        code: 'custom',
        path: ['SESSION_SECRET'],
        message: 'is required when NODE_ENV=production',
      });
    }
    if (Boolean(env.ADMIN_EMAIL) !== Boolean(env.ADMIN_PASSWORD)) {
      ctx.addIssue({
        code: 'custom',
        path: [env.ADMIN_EMAIL ? 'ADMIN_PASSWORD' : 'ADMIN_EMAIL'],
        message: 'ADMIN_EMAIL and ADMIN_PASSWORD must be set together',
      });
    }
    if (Boolean(env.VAPID_PUBLIC_KEY) !== Boolean(env.VAPID_PRIVATE_KEY)) {
      ctx.addIssue({
        code: 'custom',
        path: [env.VAPID_PUBLIC_KEY ? 'VAPID_PRIVATE_KEY' : 'VAPID_PUBLIC_KEY'],
        message: 'VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY must be set together',
      });
    }
    const llm = { LLM_API_BASE: env.LLM_API_BASE, LLM_API_KEY: env.LLM_API_KEY, LLM_MODEL: env.LLM_MODEL };
    const set = Object.values(llm).filter(Boolean).length;
    if (set > 0 && set < 3) {
      for (const [name, value] of Object.entries(llm)) {
        if (!value) {
          ctx.addIssue({
            code: 'custom',
            path: [name],
            message: 'LLM_API_BASE, LLM_API_KEY and LLM_MODEL must be set together',
          });
        }
      }
    }
  });

export type Env = z.infer<typeof EnvSchema> & {
  seedDemo: boolean;
  publicBaseUrl: string;
};

export class EnvError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid environment:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'EnvError';
  }
}

/** Parses the environment once; nothing else in the server reads process.env. */
export function loadEnv(source: Record<string, string | undefined>): Env {
  // An empty variable (FOO= in a .env file) means "unset".
  const present = Object.fromEntries(Object.entries(source).filter(([, value]) => value !== ''));
  const parsed = EnvSchema.safeParse(present);
  if (!parsed.success) {
    throw new EnvError(parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`));
  }
  const env = parsed.data;
  return {
    ...env,
    seedDemo: env.SEED_DEMO ?? !env.DATABASE_URL,
    publicBaseUrl: (env.PUBLIC_BASE_URL ?? `http://localhost:${env.PORT}`).replace(/\/+$/, ''),
  };
}
