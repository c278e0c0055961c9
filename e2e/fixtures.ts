import { randomBytes } from 'node:crypto';
import { test as base, expect, type Page } from '@playwright/test';
import { E2E_ADMIN, E2E_MAILBOX_URL } from '../playwright.config';

export interface Account {
  email: string;
  password: string;
  firstName: string;
  companyName: string;
}

export function newAccount(): Account {
  const tag = randomBytes(4).toString('hex');
  return {
    email: `owner-${tag}@e2e.test`,
    password: 'e2e-password',
    firstName: 'Morgan',
    companyName: `Harbour Coffee ${tag}`,
  };
}

/** Registers through the API; the page's context shares the session cookie. */
export async function signUpViaApi(page: Page, account = newAccount()): Promise<Account> {
  const res = await page.request.post('/api/register', { data: { ...account, username: account.email } });
  expect(res.status()).toBe(201);
  return account;
}

export async function signInViaApi(
  page: Page,
  credentials: { email: string; password: string },
): Promise<void> {
  const res = await page.request.post('/api/login', { data: credentials });
  expect(res.status()).toBe(200);
}

export const admin = E2E_ADMIN;

/**
 * The text of the newest email to `to` that the SMTP server received (the mail specs' app server sends real
 * mail there) and that `matches`, line endings as \n; waits until it arrives.
 */
export async function mailTo(to: string, matches: (text: string) => boolean): Promise<string> {
  let found: string | undefined;
  await expect
    .poll(async () => {
      const res = await fetch(`${E2E_MAILBOX_URL}/messages?to=${encodeURIComponent(to)}`);
      const messages = (await res.json()) as { text: string }[];
      found = messages.map((m) => m.text).find(matches);
      return found !== undefined;
    })
    .toBe(true);
  return found!.replace(/\r\n/g, '\n');
}

/** A URL in an email, as a path to open in the app. */
export function pathOf(url: string): string {
  const parsed = new URL(url);
  return parsed.pathname + parsed.search;
}

/** The link matching `pattern` in the newest email to `to`, as a path to open in the app; waits until it arrives. */
export async function linkFromMail(to: string, pattern: RegExp): Promise<string> {
  const text = await mailTo(to, (t) => pattern.test(t));
  return pathOf(text.match(pattern)![0]);
}

export const test = base.extend<{ client: Account }>({
  // A page signed in as a fresh client account.
  client: async ({ page }, use) => {
    await use(await signUpViaApi(page));
  },
});

export { expect };
