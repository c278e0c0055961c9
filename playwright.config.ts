import { defineConfig, devices } from '@playwright/test';

// E2E_PORT lets two runs share a machine; each gets its own embedded database.
const PORT = Number(process.env.E2E_PORT ?? 5180);
export const E2E_ADMIN = { email: 'admin@e2e.test', password: 'admin-password' };
/** The fake Google Business Profile the app is connected to (server/testing/fake-providers-cli.ts). */
export const E2E_GOOGLE_URL = `http://127.0.0.1:${PORT + 1}`;
/** The fake Stripe (same process as the fake Google), with its hosted checkout page. */
export const E2E_STRIPE_URL = `http://127.0.0.1:${PORT + 3}`;
export const E2E_STRIPE = { secretKey: 'sk_test_e2e', webhookSecret: 'whsec_e2e_0123456789abcdef' };
/**
 * The sign-up, verification, billing and team-invitation journeys (accounts, billing and team specs) run on a
 * third app server (PORT + 4) that sends its mail over SMTP to a real SMTP server (PORT + 5) in the fake
 * providers' process; the tests read what it received at E2E_MAILBOX_URL. The other servers keep mail in the
 * outbox.
 */
const MAIL_APP_PORT = PORT + 4;
const SMTP_PORT = PORT + 5;
export const E2E_MAILBOX_URL = `http://127.0.0.1:${PORT + 6}`;
/**
 * The fake language model (server/testing/fake-llm.ts) served by the mailbox's port under /llm, with the tests'
 * control calls under /llm/__control/. Only the mail server (PORT + 4) writes its suggested replies with it
 * (suggested-reply spec); the others have no model and answer "Suggest response" with the rating templates.
 */
export const E2E_LLM = { url: `${E2E_MAILBOX_URL}/llm`, apiKey: 'sk-e2e-llm', model: 'e2e-model' };
const MAIL_SPECS = /(accounts|billing|team|suggested-reply|answer-from-alert|feedback-cases)\.spec\.ts/;
const ONE_DATABASE_SPECS =
  /(a11y|bundle-budget|phone-screens|keyboard-focus|landing|security|shell)\.spec\.ts/;
/**
 * When a Postgres server answers (.ci/run sets TEST_DATABASE_URL), the whole suite runs a second time
 * against the same build on a fresh database there (project 'chromium-postgres', on PORT + 2).
 */
const POSTGRES_URL = process.env.TEST_DATABASE_URL || undefined;
const POSTGRES_PORT = PORT + 2;
const postgresDatabase = `rf_e2e_${PORT}`;
const postgresAppUrl = POSTGRES_URL
  ? (() => {
      const url = new URL(POSTGRES_URL);
      url.pathname = `/${postgresDatabase}`;
      return url.toString();
    })()
  : undefined;

// Debian's Chromium: Playwright cannot download its own browser here. The flags keep it quiet on a
// machine with no network beyond loopback.
const chromium = {
  executablePath: '/usr/bin/chromium',
  args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking'],
};

export default defineConfig({
  testDir: './e2e',
  fullyParallel: true,
  workers: 2,
  forbidOnly: true,
  retries: 0,
  reporter: process.env.CI ? [['list']] : [['list'], ['html', { open: 'never' }]],
  // Ceilings, not targets: a test ends as soon as its page does what it waits for. On a loaded 2-core machine
  // (load average 12 with both browsers' workers) tests that take 9 s idle passed 30 s.
  timeout: 90_000,
  expect: { timeout: 15_000 },
  use: {
    baseURL: `http://127.0.0.1:${PORT}`,
    // A trace records every action's screenshots and DOM, work a loaded 2-core machine pays for in every test. CI
    // keeps only the log, so it records none; locally a failed test keeps its trace.
    trace: process.env.CI ? 'off' : 'retain-on-failure',
    launchOptions: chromium,
  },
  projects: [
    {
      name: 'chromium',
      testIgnore: MAIL_SPECS,
      use: { ...devices['Desktop Chrome'], launchOptions: chromium },
    },
    {
      name: 'chromium-smtp',
      testMatch: MAIL_SPECS,
      use: {
        ...devices['Desktop Chrome'],
        launchOptions: chromium,
        baseURL: `http://127.0.0.1:${MAIL_APP_PORT}`,
      },
    },
    ...(POSTGRES_URL
      ? [
          {
            name: 'chromium-postgres',
            // Markup and layout do not depend on the database: the screen sweeps (accessibility, phone layout,
            // keyboard focus), the static pages and the headers run once, on the first project. The journeys
            // that read and write data run on both.
            testIgnore: [ONE_DATABASE_SPECS, MAIL_SPECS],
            use: {
              ...devices['Desktop Chrome'],
              launchOptions: chromium,
              baseURL: `http://127.0.0.1:${POSTGRES_PORT}`,
            },
          },
        ]
      : []),
  ],
  webServer: [
    {
      // Google's OAuth and reviews APIs on the next port, Stripe on PORT + 3 and the SMTP server, faked in
      // their own process; the mailbox starts last, so when it answers they all do.
      command: `npx tsx server/testing/fake-providers-cli.ts ${PORT + 1} ${PORT + 3} ${SMTP_PORT} ${PORT + 6}`,
      url: `${E2E_MAILBOX_URL}/messages`,
      reuseExistingServer: false,
      timeout: 120_000,
    },
    appServer({
      // The built app (npm run test:e2e builds first) on a fresh embedded database.
      command: `rm -rf data/e2e-${PORT} && node dist/server/index.js`,
      port: PORT,
      databaseUrl: '',
    }),
    appServer({
      // The same build, sending its mail to the SMTP server: the journeys that follow a link from an email.
      // Its suggested replies come from the fake language model.
      command: `rm -rf data/e2e-${MAIL_APP_PORT} && node dist/server/index.js`,
      port: MAIL_APP_PORT,
      databaseUrl: '',
      smtpUrl: `smtp://127.0.0.1:${SMTP_PORT}`,
      llm: true,
    }),
    ...(POSTGRES_URL && postgresAppUrl
      ? [
          appServer({
            // The same build on a fresh database of the Postgres server.
            command: `node scripts/e2e-postgres-db.mjs ${POSTGRES_URL} ${postgresDatabase} && node dist/server/index.js`,
            port: POSTGRES_PORT,
            databaseUrl: postgresAppUrl,
          }),
        ]
      : []),
  ],
});

/** One app server of the suite: the built app with the e2e settings, on a port and a database. */
function appServer({
  command,
  port,
  databaseUrl,
  smtpUrl,
  llm = false,
}: {
  command: string;
  port: number;
  databaseUrl: string;
  smtpUrl?: string;
  llm?: boolean;
}) {
  return {
    command,
    url: `http://127.0.0.1:${port}/api/health`,
    reuseExistingServer: false,
    timeout: 120_000,
    env: {
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: `data/e2e-${port}`,
      DATABASE_URL: databaseUrl,
      ADMIN_EMAIL: E2E_ADMIN.email,
      ADMIN_PASSWORD: E2E_ADMIN.password,
      // The demo client (server/seed/demo.ts) and its ~60 reviews: e2e/reviews.spec.ts works on them. Other
      // specs register fresh accounts, so they never see it.
      SEED_DEMO: 'true',
      LOG_LEVEL: 'warn',
      RATE_LIMIT_AUTH: '10000',
      RATE_LIMIT_PUBLIC: '10000',
      MIN_FREE_DISK_BYTES: String(1024 * 1024),
      PUBLIC_BASE_URL: `http://127.0.0.1:${port}`,
      GOOGLE_CLIENT_ID: 'e2e-google-client',
      GOOGLE_CLIENT_SECRET: 'e2e-google-secret',
      GOOGLE_API_BASE: E2E_GOOGLE_URL,
      GOOGLE_OAUTH_BASE: E2E_GOOGLE_URL,
      GOOGLE_AUTHORIZE_URL: `${E2E_GOOGLE_URL}/o/oauth2/v2/auth`,
      STRIPE_SECRET_KEY: E2E_STRIPE.secretKey,
      STRIPE_WEBHOOK_SECRET: E2E_STRIPE.webhookSecret,
      STRIPE_API_BASE: E2E_STRIPE_URL,
      ...(smtpUrl ? { SMTP_URL: smtpUrl, MAIL_FROM: 'ReviewFlow <no-reply@e2e.test>' } : {}),
      ...(llm ? { LLM_API_BASE: E2E_LLM.url, LLM_API_KEY: E2E_LLM.apiKey, LLM_MODEL: E2E_LLM.model } : {}),
    },
  };
}
