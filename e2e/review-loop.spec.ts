import { randomBytes } from 'node:crypto';
import type { Page } from '@playwright/test';
import { E2E_GOOGLE_URL } from '../playwright.config';
import { expect, test } from './fixtures';

const PHONE = { width: 375, height: 812 };
test.use({ viewport: PHONE });

/** A contact of the signed-in client, with a tag, through the API. */
async function addContact(page: Page, name: string, tag: string) {
  const res = await page.request.post('/api/contacts', {
    data: { name, email: `${name.split(' ')[0]!.toLowerCase()}-${tag}@example.com`, tags: [tag] },
  });
  expect(res.status(), await res.text()).toBe(201);
  return (await res.json()) as { id: number };
}

interface RequestRow {
  id: number;
  contactId: number | null;
  status: string;
  uniqueLink: string;
  cancelReason: string | null;
}

async function requestsOf(page: Page, contactId: number): Promise<RequestRow[]> {
  const res = await page.request.get('/api/review-requests');
  expect(res.status()).toBe(200);
  return ((await res.json()) as RequestRow[]).filter((r) => r.contactId === contactId);
}

/**
 * Issue 41's journey on a phone: the public link comes from the Google connection, a bulk send shows who
 * is asked and what they read before anything goes out, a 2-star customer is still offered Google, and the
 * other open request of the same customer is cancelled because they reviewed.
 */
test('connect Google, preview and send to many, a 2-star customer is offered Google, their other request is cancelled', async ({
  page,
  browser,
  client: _client,
}) => {
  const tag = randomBytes(4).toString('hex');
  const title = `Harbour Coffee ${tag}`;
  // The Google account's location, titled like ours so connecting links it; it has a review link.
  const created = await page.request.post(`${E2E_GOOGLE_URL}/__control/locations`, {
    data: { account: `acct-${tag}`, location: `loc-${tag}`, title },
  });
  expect(created.status()).toBeLessThan(300);
  // No URL typed by hand: the public link can only come from the connection.
  const location = await page.request.post('/api/locations', { data: { name: title, address: '1 Quay St' } });
  expect(location.status()).toBe(201);
  const sam = await addContact(page, 'Sam Rivera', `regulars-${tag}`);
  await addContact(page, 'Alex Moreno', `regulars-${tag}`);

  // Before connecting, Get Reviews says the location offers customers no public site.
  await page.goto('/get-reviews');
  await expect(page.getByText(/won.t be offered Google or Facebook after they rate/).first()).toBeVisible();

  await page.goto('/settings?tab=integrations');
  await page.getByRole('link', { name: 'Connect Google' }).click();
  await expect(page).toHaveURL(/\/settings\?tab=integrations&connected=google$/);
  const google = page.getByRole('region', { name: `Google Business Profile for ${title}` });
  await expect(google.getByText('Connected', { exact: true })).toBeVisible();
  const [linked] = (await (await page.request.get('/api/locations')).json()) as {
    publicReviewLinks: { google: string | null };
  }[];
  expect(linked!.publicReviewLinks.google).toBe(`https://g.page/r/loc-${tag}/review`);

  // Send to many, by tag: a preview first, nothing sent until confirmed.
  await page.goto('/get-reviews');
  await expect(page.getByText(/won.t be offered Google or Facebook/)).toHaveCount(0);
  const card = page.locator('form').filter({ has: page.getByRole('tab', { name: 'Tag' }) });
  await card.getByRole('combobox', { name: 'Location' }).click();
  await page.getByRole('option', { name: title }).click();
  await card.getByRole('combobox', { name: 'Method' }).click();
  await page.getByRole('option', { name: 'Email' }).click();
  await card.getByRole('tab', { name: 'Tag' }).click();
  await card.getByRole('combobox', { name: 'Tag' }).click();
  await page.getByRole('option', { name: `regulars-${tag}` }).click();
  await card.getByRole('button', { name: /preview/i }).click();

  const preview = page.getByRole('region', { name: 'Preview' });
  await expect(preview.getByRole('status')).toContainText('2 customers will be asked by Email.');
  await expect(preview.getByText(/^What (Sam Rivera|Alex Moreno) will read$/)).toBeVisible();
  await expect(preview).toContainText(/Hi (Sam|Alex)/);
  expect(await requestsOf(page, sam.id)).toHaveLength(0);
  await preview.getByRole('button', { name: 'Send to 2 customers' }).click();
  await expect(page.getByText('2 requests queued to send.')).toBeVisible();
  const [bulkRequest] = await requestsOf(page, sam.id);
  expect(bulkRequest).toBeDefined();

  // Asking Sam again from the dialog shows when they were asked, and goes only once confirmed.
  await page.getByRole('button', { name: 'Send Review Requests' }).click();
  const dialog = page.getByRole('dialog', { name: 'Send Review Request' });
  await dialog.getByRole('combobox', { name: 'Location' }).click();
  await page.getByRole('option', { name: title }).click();
  await dialog.getByRole('combobox', { name: 'Contact' }).click();
  await page.getByRole('option', { name: 'Sam Rivera' }).click();
  await dialog.getByRole('combobox', { name: 'Method' }).click();
  await page.getByRole('option', { name: 'Email' }).click();
  await expect(dialog.getByText(/^Asked on \d{1,2} \w{3} by email\./)).toBeVisible();
  await dialog.getByLabel('Ask them again anyway').check();
  await dialog.getByRole('button', { name: 'Send Request' }).click();
  await expect(dialog).toBeHidden();
  await expect.poll(async () => (await requestsOf(page, sam.id)).length).toBe(2);

  // Sam reviews through the bulk request: 2 stars, and Google is still offered.
  const customer = await (await browser.newContext({ viewport: PHONE })).newPage();
  await customer.goto(`/review/${bulkRequest!.uniqueLink}`);
  await customer.getByRole('radio', { name: '2 stars' }).click({ timeout: 20_000 });
  await customer.getByLabel(/Tell us more/).fill(`The milk was burnt ${tag}`);
  await customer.getByRole('button', { name: 'Submit review' }).click();
  await expect(customer.getByRole('heading', { name: /Thank you/ })).toBeVisible();
  await expect(customer.getByRole('link', { name: /Post on Google/ })).toHaveAttribute(
    'href',
    `https://g.page/r/loc-${tag}/review`,
  );
  await customer.context().close();

  // The other request of Sam's is cancelled, and says why.
  const other = (await requestsOf(page, sam.id)).find((r) => r.id !== bulkRequest!.id)!;
  expect(other).toMatchObject({ status: 'cancelled', cancelReason: 'Reviewed through another request' });
  await page.reload();
  const list = page.getByRole('list', { name: 'Review requests' });
  await expect(list.getByText('Cancelled: Reviewed through another request')).toBeVisible();
});
