import { randomBytes } from 'node:crypto';
import type { Page } from '@playwright/test';
import { admin, expect, test } from './fixtures';

// The demo client seeded on the e2e server (SEED_DEMO in playwright.config.ts).
const DEMO_EMAIL = 'demo@reviewflow.test';
const DEMO_COMPANY = 'Sunrise Bakery';

async function signInAsAdmin(page: Page) {
  await page.goto('/auth');
  await page.getByLabel('Email').fill(admin.email);
  await page.getByLabel('Password', { exact: true }).fill(admin.password);
  await page
    .getByRole('tabpanel')
    .getByRole('button', { name: /sign in|log ?in/i })
    .click();
  await expect(page).toHaveURL(/\/admin$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Admin Dashboard' })).toBeVisible();
}

test.describe('admin area', () => {
  // Several steps and screens per test; the shared CI machine can be slow.

  test('finds a client, answers a review inside their area and comes back', async ({ page }) => {
    await signInAsAdmin(page);
    await page.getByRole('link', { name: 'Clients' }).first().click();
    await expect(page.getByRole('heading', { level: 1, name: 'Clients' })).toBeVisible();

    await page.getByRole('searchbox', { name: 'Search clients' }).fill(DEMO_EMAIL);
    const row = page.getByRole('row').filter({ hasText: DEMO_EMAIL });
    await expect(row).toHaveCount(1);
    await expect(page.getByText('Showing 1 to 1 of 1 results')).toBeVisible();
    const href = await row.getByRole('link', { name: `View ${DEMO_COMPANY}` }).getAttribute('href');
    const clientId = /\/admin\/client\/(\d+)$/.exec(href ?? '')?.[1];
    expect(clientId).toBeTruthy();

    await page.goto(`/admin/client/${clientId}/reviews`);
    const banner = page.getByRole('region', { name: 'Admin View' });
    await expect(banner).toBeVisible();
    await expect(banner.getByText(DEMO_COMPANY)).toBeVisible();
    await expect(page.getByRole('heading', { level: 1, name: 'Reviews' })).toBeVisible();

    // A private review: its reply stays in ReviewFlow whatever is connected (e2e/reviews.spec.ts answers a
    // Google one, so the two never answer the same review).
    await page.getByRole('combobox', { name: 'Filter reviews' }).click();
    await page.getByRole('option', { name: 'Private Feedback', exact: true }).click();
    const rows = page.getByRole('table').getByRole('row');
    await expect(rows.nth(1)).toBeVisible();
    // The list is filtered once every row's source says so (until then the unfiltered page is still shown).
    await expect
      .poll(async () => new Set(await rows.locator('td:nth-child(3)').allTextContents()))
      .toEqual(new Set(['Private']));
    const statuses = await rows.locator('td:nth-child(5)').allTextContents();
    const index = statuses.indexOf('Not Responded');
    expect(index).toBeGreaterThanOrEqual(0);
    await rows
      .nth(index + 1)
      .getByRole('button', { name: /^View/ })
      .click();
    const dialog = page.getByRole('dialog', { name: 'Review Details' });
    const reply = `Thank you from the ReviewFlow team ${randomBytes(3).toString('hex')}`;
    await dialog.getByRole('textbox').fill(reply);
    await dialog.getByRole('button', { name: 'Submit Response' }).click();
    await expect(page.getByText('Response submitted', { exact: true }).first()).toBeVisible();
    await expect(dialog.getByText(reply)).toBeVisible();
    await dialog.getByRole('button', { name: 'Close' }).first().click();
    await expect(dialog).toBeHidden();

    await banner.getByRole('link', { name: 'Back to Admin' }).click();
    await expect(page).toHaveURL(/\/admin\/clients$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Clients' })).toBeVisible();
  });

  test('creates a plan and archives it', async ({ page }) => {
    await signInAsAdmin(page);
    await page.goto('/admin/plans');
    await expect(page.getByRole('heading', { level: 1, name: 'Plans' })).toBeVisible();
    const name = `E2E Plan ${randomBytes(3).toString('hex')}`;

    await page.getByRole('button', { name: 'New plan' }).click();
    const dialog = page.getByRole('dialog', { name: 'New plan' });
    await dialog.getByLabel('Name').fill(name);
    await dialog.getByLabel('Price per month').fill('19.50');
    await dialog.getByLabel('Locations').fill('2');
    await dialog.getByLabel('Features').fill('Email requests\nQR posters');
    await dialog.getByRole('button', { name: 'Create plan' }).click();

    const row = page.getByRole('row').filter({ hasText: name });
    await expect(row).toContainText('$19.50');
    await expect(row).toContainText('Active');

    await row.getByRole('button', { name: `Archive ${name}` }).click();
    await page
      .getByRole('dialog', { name: `Archive ${name}?` })
      .getByRole('button', { name: 'Archive plan' })
      .click();
    await expect(page.getByText('Plan archived', { exact: true }).first()).toBeVisible();
    await expect(row).toHaveCount(0);

    await page.getByLabel(/^Show archived plans/).check();
    await expect(row).toContainText('Archived');
  });

  test('sends a test email and finds it in the outbox', async ({ page }) => {
    await signInAsAdmin(page);
    await page.goto('/admin/email-test');
    await expect(page.getByRole('heading', { level: 1, name: 'Email Testing' })).toBeVisible();
    await expect(page.getByText('Outbox', { exact: true }).first()).toBeVisible();
    const to = `e2e-${randomBytes(3).toString('hex')}@example.com`;

    await page.getByRole('textbox', { name: 'To' }).fill(to);
    await page.getByRole('combobox', { name: 'Template' }).click();
    await page.getByRole('option', { name: 'Welcome' }).click();
    await page.getByRole('button', { name: 'Send test email' }).click();

    await expect(page.getByRole('status').filter({ hasText: 'Kept in the outbox' })).toBeVisible();
    // Other tests running at the same time write to the same outbox: find ours by its recipient.
    const message = page
      .getByRole('list', { name: 'Outbox messages' })
      .getByRole('listitem')
      .filter({ hasText: to });
    await expect(message).toContainText('Welcome to ReviewFlow');
    await message.getByText('Welcome to ReviewFlow', { exact: true }).click();
    await expect(message.getByText(to)).toBeVisible();
    await expect(message.getByText(/Welcome to ReviewFlow! Your account/)).toBeVisible();
  });
});
