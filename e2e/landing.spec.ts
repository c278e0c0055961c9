import { expect, test } from '@playwright/test';

test('the landing page presents the product and leads to sign-in and sign-up', async ({ page }) => {
  await page.goto('/');

  await expect(page.getByText('94%').first()).toBeVisible();
  await expect(page.getByText('72%').first()).toBeVisible();
  await expect(page.getByRole('link', { name: 'Sign up for free' }).first()).toBeVisible();
  const footer = page.getByRole('contentinfo');
  await expect(footer.getByRole('link', { name: 'Terms' })).toHaveAttribute('href', '/terms-of-service');
  await expect(footer.getByRole('link', { name: 'Privacy' })).toHaveAttribute('href', '/privacy-policy');

  await page.getByRole('link', { name: 'Login' }).first().click();
  await expect(page).toHaveURL(/\/auth/);
});

test.describe('with JavaScript off', () => {
  test.use({ javaScriptEnabled: false });

  test('the landing page is whole as the server sends it, so it shows before any script and search engines read it', async ({
    page,
  }) => {
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.getByText('94%').first()).toBeVisible();
    await expect(page.getByRole('link', { name: 'Sign up for free' }).first()).toHaveAttribute(
      'href',
      '/auth?tab=register',
    );
    await page.getByRole('link', { name: 'Login' }).first().click();
    await expect(page).toHaveURL(/\/auth$/);
  });
});

test('a visitor who chose the dark theme gets the landing page dark, and the app when they sign in', async ({
  page,
}) => {
  await page.addInitScript(() => window.localStorage.setItem('theme', 'dark'));
  await page.goto('/');
  await expect(page.locator('html')).toHaveClass(/\bdark\b/);
  await page.getByRole('link', { name: 'Sign up for free' }).first().click();
  await expect(page.getByRole('tab', { name: 'Register' })).toHaveAttribute('aria-selected', 'true');
  await expect(page.locator('html')).toHaveClass(/\bdark\b/);
});

test('an unknown path shows the 404 page', async ({ page }) => {
  await page.goto('/no/such/page');
  await expect(page.getByText('404 Page Not Found')).toBeVisible();
});

test('the legal pages have real content', async ({ page }) => {
  await page.goto('/privacy-policy');
  await expect(page.getByRole('heading', { level: 1 })).toContainText(/Privacy/i);
  await page.goto('/terms-of-service');
  await expect(page.getByRole('heading', { level: 1 })).toContainText(/Terms/i);
});
