import { randomBytes } from 'node:crypto';
import { E2E_GOOGLE_URL } from '../playwright.config';
import { expect, test } from './fixtures';

test.use({ viewport: { width: 1280, height: 900 } });

test('a new Google review arrives with an import, shows in the list and the bell without a reload, and its answer is posted on Google', async ({
  page,
  client: _client,
}) => {
  const tag = randomBytes(4).toString('hex');
  const title = `Harbour Coffee ${tag}`;
  // The Google account's business location, titled like ours, so the connection links it by itself.
  const created = await page.request.post(`${E2E_GOOGLE_URL}/__control/locations`, {
    data: { account: `acct-${tag}`, location: `loc-${tag}`, title },
  });
  const { name: googleLocationId } = (await created.json()) as { name: string };
  expect(
    (await page.request.post('/api/locations', { data: { name: title, address: '1 Quay St' } })).status(),
  ).toBe(201);

  // Connect through the real OAuth round trip (the fake consent screen agrees at once).
  await page.goto('/settings?tab=integrations');
  await page.getByRole('link', { name: 'Connect Google' }).click();
  await expect(page).toHaveURL(/\/settings\?tab=integrations&connected=google$/);
  const google = page.getByRole('region', { name: `Google Business Profile for ${title}` });
  await expect(google.getByText('Connected', { exact: true })).toBeVisible();

  // The first import brings the (empty) history in.
  await page.goto('/reviews');
  await page.getByRole('button', { name: 'Import Google Reviews' }).click();
  await expect(page.getByText('Google reviews imported', { exact: true })).toBeVisible();

  // A customer posts a 2-star review on Google; the owner imports, and sees it without reloading.
  const comment = `The flat white was cold ${tag}`;
  await page.request.post(`${E2E_GOOGLE_URL}/__control/reviews`, {
    data: {
      googleLocationId,
      review: { starRating: 'TWO', comment, reviewer: { displayName: 'Pat Quinn' } },
    },
  });
  await page.getByRole('button', { name: 'Import Google Reviews' }).click();
  const row = page.getByRole('row').filter({ hasText: 'Pat Quinn' });
  await expect(row).toBeVisible();
  const bell = page.getByRole('button', { name: 'Notifications, 1 unread' });
  await expect(bell).toBeVisible();

  // The bell names it and opens it.
  await bell.click();
  await page.getByRole('menuitem', { name: /New 2-star Google review/ }).click();
  await expect(page).toHaveURL(/\/reviews\?review=\d+$/);
  const dialog = page.getByRole('dialog', { name: 'Review Details' });
  await expect(dialog.getByText(comment)).toBeVisible();

  const reply = `So sorry, Pat: the next one is on us ${tag}`;
  await dialog.getByLabel('Your response').fill(reply);
  await dialog.getByRole('button', { name: 'Submit Response' }).click();
  await expect(dialog.getByRole('status')).toHaveText('Posted on Google');
  await expect(page.getByText('Response submitted', { exact: true })).toBeVisible();

  // And it is on Google.
  const onGoogle = (await (
    await page.request.get(`${E2E_GOOGLE_URL}/__control/reviews?googleLocationId=${googleLocationId}`)
  ).json()) as { comment: string; reviewReply?: { comment: string } }[];
  expect(onGoogle.find((r) => r.comment === comment)?.reviewReply?.comment).toBe(reply);
});
