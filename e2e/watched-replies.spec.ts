import { randomBytes } from 'node:crypto';
import { E2E_GOOGLE_URL } from '../playwright.config';
import { expect, test } from './fixtures';

test.use({ viewport: { width: 1280, height: 900 } });

test('a customer raises their Google rating after the owner’s reply: the bell says "1★ → 4★ after your reply", the review and the dashboard show it', async ({
  page,
  client: _client,
}) => {
  const tag = randomBytes(4).toString('hex');
  const title = `Pier Bakery ${tag}`;
  const created = await page.request.post(`${E2E_GOOGLE_URL}/__control/locations`, {
    data: { account: `acct-w-${tag}`, location: `loc-w-${tag}`, title },
  });
  const { name: googleLocationId } = (await created.json()) as { name: string };
  expect(
    (await page.request.post('/api/locations', { data: { name: title, address: '9 Pier Rd' } })).status(),
  ).toBe(201);
  await page.goto('/settings?tab=integrations');
  await page.getByRole('link', { name: 'Connect Google' }).click();
  await expect(page).toHaveURL(/\/settings\?tab=integrations&connected=google$/);

  // The history comes in first; then a 1-star review arrives and the owner answers it on Google.
  await page.goto('/reviews');
  const importReviews = page.getByRole('button', { name: 'Import Google Reviews' });
  await importReviews.click();
  await expect(page.getByText('Google reviews imported', { exact: true })).toBeVisible();
  const comment = `Burnt croissants ${tag}`;
  const added = await page.request.post(`${E2E_GOOGLE_URL}/__control/reviews`, {
    data: {
      googleLocationId,
      review: { starRating: 'ONE', comment, reviewer: { displayName: 'Nora Quinn' } },
    },
  });
  const { reviewId } = (await added.json()) as { reviewId: string };
  await importReviews.click();
  await page
    .getByRole('row')
    .filter({ hasText: 'Nora Quinn' })
    .getByRole('button', { name: /^View/ })
    .click();
  const dialog = page.getByRole('dialog', { name: 'Review Details' });
  await dialog.getByLabel('Your response').fill('So sorry, Nora: come back and let us make it right.');
  await dialog.getByRole('button', { name: 'Submit Response' }).click();
  await expect(dialog.getByRole('status')).toHaveText('Posted on Google');
  await page.keyboard.press('Escape');

  // Nora comes back happier and edits her review on Google; the next import reads it.
  await page.request.patch(`${E2E_GOOGLE_URL}/__control/reviews`, {
    data: {
      googleLocationId,
      reviewId,
      changes: { starRating: 'FOUR', comment: `${comment}, but they made it right` },
    },
  });
  await importReviews.click();
  const bell = page.getByRole('button', { name: /^Notifications, \d+ unread$/ });
  await bell.click();
  await page.getByRole('menuitem', { name: /1★ → 4★ after your reply/ }).click();
  await expect(page).toHaveURL(/\/reviews\?review=\d+$/);
  const opened = page.getByRole('dialog', { name: 'Review Details' });
  await expect(opened.getByText('1★ → 4★ after your reply')).toBeVisible();
  await expect(opened.getByText('but they made it right')).toBeVisible();
  await page.keyboard.press('Escape');

  await page.goto('/dashboard');
  const raised = page.getByRole('list', { name: 'Ratings raised after your reply' });
  await expect(raised.getByRole('button', { name: /Nora Quinn\s*1★ → 4★/ })).toBeVisible();
});
