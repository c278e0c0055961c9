import { randomBytes } from 'node:crypto';
import type { Page } from '@playwright/test';
import { admin, expect, linkFromMail, newAccount, signInViaApi, test, type Account } from './fixtures';

// Runs on the app server that sends real mail (project chromium-smtp): the verification link comes from
// the SMTP server.

/**
 * Sign-up through the form, as a new client does. Kept in one place: when sign-up grows a step (email
 * verification), this is the only function to extend.
 */
async function signUpThroughForm(page: Page, account: Account = newAccount()): Promise<Account> {
  await page.goto('/auth?tab=register');
  await page.getByLabel('First name').fill(account.firstName);
  await page.getByLabel('Company name').fill(account.companyName);
  await page.getByLabel('Email').fill(account.email);
  await page.getByLabel('Password', { exact: true }).fill(account.password);
  await page.getByRole('tabpanel').getByRole('button', { name: 'Create account' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  return account;
}

/** A paid plan sold through the fake Stripe, created by the admin, who then signs out. */
async function createPaidPlan(page: Page) {
  await signInViaApi(page, admin);
  const name = `Pro ${randomBytes(3).toString('hex')}`;
  const res = await page.request.post('/api/admin/plans', {
    data: {
      name,
      priceCents: 2900,
      currency: 'usd',
      reviewRequestLimit: 5000,
      locationsLimit: 25,
      features: ['Priority support'],
      stripePriceId: `price_${name.replace(' ', '_')}`,
    },
  });
  expect(res.status()).toBe(201);
  const plan = (await res.json()) as { id: number; name: string };
  expect((await page.request.post('/api/logout')).status()).toBe(204);
  return plan;
}

test('a new owner signs up, confirms the email by the link in the SMTP sink, upgrades through Stripe Checkout and sees the higher limit', async ({
  page,
}) => {
  // Three sign-ins' password hashing, an email round trip and two through Stripe's page.
  test.setTimeout(120_000);
  const plan = await createPaidPlan(page);
  const account = await signUpThroughForm(page);

  const banner = page.getByRole('region', { name: 'Confirm your email' });
  await expect(banner).toContainText(account.email);
  await expect(banner.getByRole('button', { name: 'Resend' })).toBeVisible();
  const link = await linkFromMail(account.email, /https?:\/\/\S+\/verify-email\?token=[\w-]+/);
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

  await page.goto('/plans');
  await expect(page).toHaveURL(/\/settings\?tab=plan$/);
  await expect(page.getByText('Free plan', { exact: true })).toBeVisible();
  await expect(page.getByText('0 of 100')).toBeVisible();

  await page.getByRole('link', { name: `Upgrade to ${plan.name}` }).click();
  await expect(page).toHaveURL(new RegExp(`/checkout/${plan.id}$`));
  await expect(page.getByText(`${plan.name} plan`)).toBeVisible();
  await expect(page.getByText('5000 review requests a month · 25 locations')).toBeVisible();
  await page.getByRole('button', { name: 'Continue to payment' }).click();

  // Stripe's hosted page (the fake's): Pay sends the signed webhooks, then returns to /subscribe.
  await expect(page.getByRole('heading', { name: 'Test checkout' })).toBeVisible();
  await page.getByRole('button', { name: 'Pay' }).click();

  await expect(page).toHaveURL(/\/subscribe\?session_id=cs_test_/);
  await expect(page.getByText(`You're on the ${plan.name} plan`)).toBeVisible();
  await expect(page.getByText(/5000 review requests a month · 25 locations/)).toBeVisible();

  await page.getByRole('link', { name: 'Go to your plan' }).click();
  await expect(page.getByText(`${plan.name} plan`, { exact: true })).toBeVisible();
  await expect(page.getByText('0 of 5000')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Manage billing' })).toBeVisible();
});
