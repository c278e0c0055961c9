import { expect, test } from './fixtures';

test('on a phone the sidebar is an overlay that locks scrolling and closes on navigation', async ({
  page,
  client,
}) => {
  expect(client.email).toBeTruthy();
  await page.setViewportSize({ width: 375, height: 800 });
  await page.goto('/dashboard');

  const nav = page.getByRole('navigation').filter({ has: page.getByRole('link', { name: 'Contacts' }) });
  await expect(nav).toBeHidden();

  await page.getByRole('button', { name: 'Open menu' }).click();
  await expect(nav).toBeVisible();
  expect(await page.evaluate(() => getComputedStyle(document.body).overflow)).toBe('hidden');

  await nav.getByRole('link', { name: 'Reviews', exact: true }).click();
  await expect(page).toHaveURL(/\/reviews$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Reviews' })).toBeVisible();
  await expect(nav).toBeHidden();
  expect(await page.evaluate(() => getComputedStyle(document.body).overflow)).not.toBe('hidden');
});

test('on a desktop the sidebar is always shown with the client menu', async ({ page, client }) => {
  expect(client.email).toBeTruthy();
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto('/dashboard');

  for (const name of ['Dashboard', 'Reviews', 'Get Reviews', 'Contacts', 'Settings']) {
    await expect(page.getByRole('link', { name, exact: true }).first()).toBeVisible();
  }
  await expect(page.getByRole('button', { name: 'Open menu' })).toBeHidden();
  await expect(page.getByText(`© ${new Date().getFullYear()}`)).toBeVisible();
});

test('the theme is light by default and the chosen theme survives a reload', async ({ page, client }) => {
  expect(client.email).toBeTruthy();
  await page.goto('/dashboard');
  await expect(page.locator('html')).not.toHaveClass(/dark/);

  await page.getByRole('button', { name: 'Toggle theme' }).click();
  await expect(page.locator('html')).toHaveClass(/dark/);
  await page.reload();
  await expect(page.locator('html')).toHaveClass(/dark/);
});
