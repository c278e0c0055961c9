import { expect, linkFromMail, newAccount, test } from './fixtures';

// Runs on the app server that sends real mail (project chromium-smtp): the link comes from the SMTP server.

test('forgot password end to end: ask for the link, follow it from the email, set a new password and sign in with it', async ({
  page,
  playwright,
  baseURL,
}) => {
  // Two password hashes (scrypt) and two mails through SMTP: well within this on an idle machine, close to the
  // default 30 s on a loaded 2-core one.
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

  const link = await linkFromMail(account.email, /https?:\/\/\S+\/auth\?reset=[\w-]+/);
  await page.goto(link);
  await page.getByLabel('New password', { exact: true }).fill('a-brand-new-secret');
  await page.getByRole('button', { name: 'Set the new password' }).click();
  await expect(page.getByText('Your password was changed. Please sign in with the new one.')).toBeVisible();

  await page.getByRole('link', { name: 'Sign in' }).click();
  await page.getByLabel('Email').fill(account.email);
  await page.getByLabel('Password', { exact: true }).fill('a-brand-new-secret');
  await page.getByRole('tabpanel').getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);

  // The reset link is single use: the token in it no longer sets a password.
  const token = new URL(link, baseURL).searchParams.get('reset');
  const again = await playwright.request.newContext({ baseURL });
  const reused = await again.post('/api/reset-password', { data: { token, password: 'another-new-secret' } });
  expect(reused.status()).toBe(400);
  expect((await reused.json()).message).toBe(
    'This reset link is not valid or has expired. Please ask for a new one.',
  );
  await again.dispose();
});
