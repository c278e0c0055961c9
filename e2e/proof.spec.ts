import { randomBytes } from 'node:crypto';
import { expect, test } from './fixtures';

/**
 * The public proof of honest collection (issue 47, item 1), as a business and its future customers use it: the
 * owner hands out a review link, a customer rates 1 star on a phone and is offered Google and Facebook all the
 * same, the owner publishes the proof page in Settings › Proof, and anyone opens it, reads the figures and has
 * the browser re-compute the log.
 */

const PHONE = { width: 375, height: 800 };

test('when a 1-star customer is offered Google like everyone and the owner publishes the proof, then anyone can read and verify it', async ({
  page,
  client,
  browser,
}) => {
  const tag = randomBytes(3).toString('hex');
  const location = await page.request.post('/api/locations', {
    data: {
      name: `Quay Street ${tag}`,
      address: '1 Quay Street',
      googleReviewUrl: 'https://search.google.com/local/writereview?placeid=e2e-proof',
      facebookPageUrl: 'https://www.facebook.com/e2e-proof/reviews',
    },
  });
  expect(location.status(), await location.text()).toBe(201);
  const handedOut = await page.request.post('/api/review-requests/link', {
    data: { locationId: (await location.json()).id },
  });
  expect(handedOut.status(), await handedOut.text()).toBe(201);
  const link = (await handedOut.json()).request.uniqueLink as string;

  // The customer, on a phone with no session: 1 star, and Google is offered all the same.
  const customer = await (await browser.newContext({ viewport: PHONE })).newPage();
  await customer.goto(`/review/${link}`);
  await customer.getByRole('radio', { name: '1 star' }).click({ timeout: 20_000 });
  await customer.getByRole('button', { name: 'Submit review' }).click();
  await expect(customer.getByRole('link', { name: /Post on Google/ })).toBeVisible();

  // The owner publishes the page under an address of their own, by keyboard.
  const slug = `harbour-${tag}`;
  await page.goto('/settings?tab=proof');
  await page.getByLabel('Publish my proof page').check();
  const address = page.getByLabel('Page address');
  await address.fill(slug);
  await address.press('Enter');
  await expect(page.getByText('Proof page saved', { exact: true })).toBeVisible();
  await expect(page.getByRole('img', { name: 'Your badge' })).toBeVisible();
  const proofLink = page.getByRole('link', { name: 'Open your proof page' });
  await expect(proofLink).toHaveAttribute('href', new RegExp(`/proof/${slug}$`));

  // Anyone: the page on a phone, the figures, the offer per star, and the log re-computed in the browser.
  await customer.goto(`/proof/${slug}`);
  await expect(customer.getByRole('heading', { level: 1, name: client.companyName })).toBeVisible();
  await expect(customer).toHaveTitle(`${client.companyName}: honest reviews · ReviewFlow`);
  const figures = customer.locator('dl');
  await expect(figures.getByText('Customers asked for a review')).toBeVisible();
  await expect(figures.locator('dd').nth(0)).toHaveText('1');
  await expect(figures.locator('dd').nth(1)).toHaveText('1 of 1');
  await expect(figures.locator('dd').nth(2)).toHaveText('None filtered');
  await expect(customer.getByRole('row', { name: '1 star 1 1' })).toBeVisible();
  const overflow = await customer.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);

  await customer.getByRole('button', { name: 'Verify the log' }).click();
  await expect(customer.getByRole('status')).toHaveText(
    'The log is intact: 2 entries, each chained to the one before, and the published head is among them.',
  );

  const badge = await customer.request.get(`/api/proof/${slug}/badge.svg`);
  expect(badge.headers()['content-type']).toMatch(/^image\/svg\+xml/);
  expect(await badge.text()).toContain('none filtered');
  await customer.context().close();
});
