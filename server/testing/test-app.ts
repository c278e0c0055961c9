import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Express } from 'express';
import supertest from 'supertest';
import { createApp, createAppContext } from '../app';
import type { Database } from '../db/client';
import { loadEnv, type Env } from '../env';
import type { AppContext } from '../lib/context';
import { createLogger } from '../lib/logger';
import { createUrlPolicy } from '../lib/url-policy';

export const TEST_SESSION_SECRET = 'test-session-secret-that-is-long-enough-0123456789';

export function testEnv(overrides: Record<string, string> = {}): Env {
  // Limits high enough that a whole suite from one address never reaches them, unless a test lowers one.
  return loadEnv({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    DATA_DIR: './data/test',
    RATE_LIMIT_AUTH: '10000',
    RATE_LIMIT_PUBLIC: '10000',
    RATE_LIMIT_API: '100000',
    // The suite must pass on a machine with little disk left; tests of the floor set it themselves.
    MIN_FREE_DISK_BYTES: String(1024 * 1024),
    // Tests of other features are not about plans: the free plan they get stays out of their way. The plan
    // tests give their clients a plan of small limits.
    FREE_PLAN_REQUESTS: '1000000',
    FREE_PLAN_LOCATIONS: '100000',
    // Likewise the mail caps (issue 42): their own tests lower them.
    INVITATION_DAILY_CAP: '100000',
    PASSWORD_RESET_EMAILS_PER_HOUR: '100000',
    ...overrides,
  });
}

/** The app; with `context` (from createTestContext), the app shares it with the test, its clock included. */
export function createTestApp(
  db: Database,
  envOverrides: Record<string, string> = {},
  context?: AppContext,
): Express {
  const env = context?.env ?? testEnv(envOverrides);
  return createApp({
    db,
    env,
    logger: context?.logger ?? createLogger(env.LOG_LEVEL),
    sessionSecret: TEST_SESSION_SECRET,
    context,
  });
}

/**
 * The services an app built by createTestApp(db, envOverrides) uses (same keys), for driving jobs directly;
 * `overrides` replaces some of them (e.g. `webhookUrls: localReceiverPolicy` for a receiver on 127.0.0.1).
 */
export function createTestContext(
  db: Database,
  envOverrides: Record<string, string> = {},
  overrides: Partial<AppContext> = {},
): AppContext {
  const env = testEnv(envOverrides);
  return {
    ...createAppContext({
      db,
      env,
      logger: createLogger(env.LOG_LEVEL),
      sessionSecret: TEST_SESSION_SECRET,
    }),
    ...overrides,
  };
}

/** Webhook URLs of a receiver the test runs on this machine: http and loopback allowed, nothing else. */
export const localReceiverPolicy = createUrlPolicy({ allowHttp: true, allowLoopback: true });

/** A supertest agent keeps cookies between requests, like a browser. */
export const agentFor = (app: Express) => supertest.agent(app);

/**
 * A folder shaped like the client build (dist/public) for the app to serve: its three HTML pages, each titled
 * by what it is ('App', 'Review', 'Landing'), and an empty `assets` folder.
 */
export function writeBuiltPages(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'rf-static-'));
  fs.mkdirSync(path.join(dir, 'assets'));
  const pages = { 'index.html': 'App', 'review.html': 'Review', 'landing.html': 'Landing' };
  for (const [file, title] of Object.entries(pages)) {
    fs.writeFileSync(path.join(dir, file), `<!doctype html><title>${title}</title>`);
  }
  return dir;
}
