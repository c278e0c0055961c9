import type { Page } from '@playwright/test';
import { admin, expect, newAccount, signUpViaApi, test } from './fixtures';

async function signInThroughForm(page: Page, account: { email: string; password: string }) {
  await page.goto('/auth');
  await page.getByLabel('Email').fill(account.email);
  await page.getByLabel('Password', { exact: true }).fill(account.password);
  await page
    .getByRole('tabpanel')
    .getByRole('button', { name: /sign in|log ?in/i })
    .click();
}

test('a new client signs up and lands on the dashboard with the welcome toast', async ({ page }) => {
  const account = newAccount();
  await page.goto('/auth');
  await page.getByRole('tab', { name: /register|sign up/i }).click();

  await page.getByLabel('First name').fill(account.firstName);
  await page.getByLabel('Company name').fill(account.companyName);
  await page.getByLabel('Email').fill(account.email);
  await page.getByLabel('Password', { exact: true }).fill(account.password);
  await page
    .getByRole('tabpanel')
    .getByRole('button', { name: /create account|register|sign up/i })
    .click();

  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByText('Registration successful', { exact: true })).toBeVisible();
  // The welcome names the business: clients are shown by company name, else first name (issue 41).
  await expect(
    page.getByText(`Welcome to the product, ${account.companyName}!`, { exact: true }),
  ).toBeVisible();
});

test('the register form shows the spec messages for bad input', async ({ page }) => {
  await page.goto('/auth?tab=register');
  await page.getByLabel('First name').fill('A');
  await page.getByLabel('Email').fill('nope');
  await page.getByLabel('Password', { exact: true }).fill('123');
  await page
    .getByRole('tabpanel')
    .getByRole('button', { name: /create account|register|sign up/i })
    .click();

  await expect(page.getByText('First name must be at least 2 characters.')).toBeVisible();
  await expect(page.getByText('Please enter a valid email address.')).toBeVisible();
  await expect(page.getByText('Password must be at least 8 characters.')).toBeVisible();
  await expect(page.getByText('Company name must be at least 2 characters.')).toBeVisible();
});

test('the admin signs in and lands on /admin', async ({ page }) => {
  await signInThroughForm(page, admin);

  await expect(page).toHaveURL(/\/admin$/);
  await expect(page.getByText('Login successful', { exact: true })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Email Testing' })).toBeVisible();
});

test('a wrong password shows the Login failed toast', async ({ page }) => {
  await page.goto('/auth');
  await page.getByLabel('Email').fill(admin.email);
  await page.getByLabel('Password', { exact: true }).fill('not-the-password');
  await page
    .getByRole('tabpanel')
    .getByRole('button', { name: /sign in|log ?in/i })
    .click();

  await expect(page.getByText('Login failed', { exact: true })).toBeVisible();
  await expect(page.getByText('Invalid email or password', { exact: true })).toBeVisible();
  await expect(page).toHaveURL(/\/auth/);
});

test('a client sent to an admin route is redirected to /', async ({ page }) => {
  await signUpViaApi(page);
  await page.goto('/admin');
  await expect(page).toHaveURL(/127\.0\.0\.1:\d+\/$/);
});

test('a signed-out visitor of a protected route is sent to /auth', async ({ page }) => {
  await page.goto('/reviews');
  await expect(page).toHaveURL(/\/auth$/);
});

test('a signed-out page logs no console error and asks for no session it was never given', async ({
  page,
}) => {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  const sessionAsks: string[] = [];
  page.on('request', (request) => {
    if (new URL(request.url()).pathname === '/api/user') sessionAsks.push(request.url());
  });

  for (const path of ['/auth', '/auth?tab=register', '/privacy-policy', '/help', '/reviews']) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
    await page.waitForLoadState('networkidle');
  }

  expect(errors).toEqual([]);
  expect(sessionAsks).toEqual([]);
});

test('after signing in through the form, a reload stays signed in', async ({ page }) => {
  await signInThroughForm(page, admin);
  await expect(page).toHaveURL(/\/admin$/);

  await page.reload();
  await expect(page.getByRole('link', { name: 'Email Testing' })).toBeVisible();
  await page.goto('/auth');
  await expect(page).toHaveURL(/\/admin$/);
});

test('a signed-in client opening /auth goes to the dashboard', async ({ page, client }) => {
  expect(client.email).toContain('@');
  await page.goto('/auth');
  await expect(page).toHaveURL(/\/dashboard$/);
});

test('signing out lands on /auth and ends the session', async ({ page, client }) => {
  await page.goto('/dashboard');
  await page.getByRole('button', { name: `${client.companyName} (user menu)` }).click();
  await expect(page.getByRole('menu').getByText(client.email)).toBeVisible();
  await page.getByRole('menuitem', { name: 'Sign out' }).click();

  await expect(page).toHaveURL(/\/auth$/);
  await expect(page.getByText('Logged out', { exact: true })).toBeVisible();
  await page.goto('/dashboard');
  await expect(page).toHaveURL(/\/auth$/);
});

test('the redirects of the spec: /integrations and /plans go to settings tabs', async ({ page, client }) => {
  expect(client.email).toBeTruthy();
  await page.goto('/integrations');
  await expect(page).toHaveURL(/\/settings\?tab=integrations$/);
  await page.goto('/plans');
  await expect(page).toHaveURL(/\/settings\?tab=plan$/);
});
