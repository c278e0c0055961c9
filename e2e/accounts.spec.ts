import type { APIRequestContext } from '@playwright/test';
import { admin, expect, newAccount, test } from './fixtures';

/**
 * The e2e server has no SMTP: account emails are kept in the outbox, which the admin reads (GET
 * /api/admin/outbox). The link in the newest email to `to` whose body matches `pattern`, once it is there.
 */
async function linkFromOutbox(
  playwright: { request: { newContext(options: { baseURL: string }): Promise<APIRequestContext> } },
  baseURL: string,
  to: string,
  pattern: RegExp,
): Promise<string> {
  const api: APIRequestContext = await playwright.request.newContext({ baseURL });
  try {
    expect((await api.post('/api/login', { data: admin })).status()).toBe(200);
    let link: string | undefined;
    await expect
      .poll(async () => {
        const res = await api.get('/api/admin/outbox?channel=email&pageSize=100');
        const messages = (await res.json()) as { recipient: string; body: string }[];
        const match = messages
          .filter((m) => m.recipient === to)
          .map((m) => m.body.match(pattern)?.[0])
          .find(Boolean);
        link = match;
        return Boolean(match);
      })
      .toBe(true);
    return new URL(link!).pathname + new URL(link!).search;
  } finally {
    await api.dispose();
  }
}

test('a new owner signs up, sees the Confirm your email banner, follows the emailed link and the banner is gone', async ({
  page,
  playwright,
  baseURL,
}) => {
  const account = newAccount();
  await page.goto('/auth?tab=register');
  await page.getByLabel('First name').fill(account.firstName);
  await page.getByLabel('Company name').fill(account.companyName);
  await page.getByLabel('Email').fill(account.email);
  await page.getByLabel('Password', { exact: true }).fill(account.password);
  await page.getByRole('tabpanel').getByRole('button', { name: 'Create account' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);

  const banner = page.getByRole('region', { name: 'Confirm your email' });
  await expect(banner).toContainText(account.email);
  await expect(banner.getByRole('button', { name: 'Resend' })).toBeVisible();

  const link = await linkFromOutbox(
    playwright,
    baseURL!,
    account.email,
    /https?:\/\/\S+\/verify-email\?token=[\w-]+/,
  );
  await page.goto(link);
  await expect(page.getByRole('heading', { name: 'Email confirmed' })).toBeVisible();
  await expect(page.getByText('Your email is verified. Thank you!')).toBeVisible();

  await page.getByRole('link', { name: 'Go to your dashboard' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Confirm your email' })).toHaveCount(0);

  // The link is single use.
  await page.goto(link);
  await expect(page.getByRole('heading', { name: 'This link did not work' })).toBeVisible();
});

test('forgot password end to end: ask for the link, follow it, set a new password and sign in with it', async ({
  page,
  playwright,
  baseURL,
}) => {
  const account = newAccount();
  const api = await playwright.request.newContext({ baseURL });
  expect((await api.post('/api/register', { data: { ...account, username: account.email } })).status()).toBe(
    201,
  );
  await api.dispose();

  await page.goto('/auth');
  await page.getByRole('link', { name: 'Forgot password?' }).click();
  await page.getByLabel('Email').fill(account.email);
  await page.getByRole('button', { name: 'Send the reset link' }).click();
  await expect(page.getByText(/If an account exists for this email/)).toBeVisible();

  const link = await linkFromOutbox(
    playwright,
    baseURL!,
    account.email,
    /https?:\/\/\S+\/auth\?reset=[\w-]+/,
  );
  await page.goto(link);
  await page.getByLabel('New password', { exact: true }).fill('a-brand-new-secret');
  await page.getByRole('button', { name: 'Set the new password' }).click();
  await expect(page.getByText('Your password was changed. Please sign in with the new one.')).toBeVisible();

  await page.getByRole('link', { name: 'Sign in' }).click();
  await page.getByLabel('Email').fill(account.email);
  await page.getByLabel('Password', { exact: true }).fill('a-brand-new-secret');
  await page.getByRole('tabpanel').getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
});
