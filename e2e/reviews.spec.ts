import type { Page } from '@playwright/test';
import { expect, signInViaApi, signUpViaApi, test } from './fixtures';

/**
 * The demo client's reviews (server/seed/demo.ts and demo-data.ts: 60 reviews, some answered): the e2e
 * server runs with SEED_DEMO on (playwright.config.ts). Kept in step with DEMO_EMAIL / DEMO_PASSWORD.
 */
const DEMO = { email: 'demo@reviewflow.test', password: 'demo-password' };
const DEMO_REVIEWS = 60;

async function openReviews(page: Page) {
  await signInViaApi(page, DEMO);
  await page.goto('/reviews');
  // The first visit loads the shell and the page chunk: give a busy machine some room.
  await expect(page.getByRole('heading', { level: 1, name: 'Reviews' })).toBeVisible();
}

async function chooseFilter(page: Page, option: string) {
  await page.getByRole('combobox', { name: 'Filter reviews' }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

test.describe('reviews on a desktop', () => {
  test.use({ viewport: { width: 1280, height: 900 } });

  test('pages through the reviews, filters them and exports them', async ({ page }) => {
    await openReviews(page);

    await expect(page.getByText(`Showing 1 to 10 of ${DEMO_REVIEWS} results`)).toBeVisible();
    const rows = page.getByRole('table').getByRole('row');
    await expect(rows).toHaveCount(11);
    await page.getByRole('button', { name: 'Next page' }).click();
    await expect(page.getByText(`Showing 11 to 20 of ${DEMO_REVIEWS} results`)).toBeVisible();
    await page.getByRole('button', { name: 'Last page' }).click();
    await expect(page.getByText(`Showing 51 to 60 of ${DEMO_REVIEWS} results`)).toBeVisible();
    await expect(page.getByRole('button', { name: 'Next page' })).toBeDisabled();
    await page.getByRole('button', { name: 'First page' }).click();
    await expect(page.getByText(`Showing 1 to 10 of ${DEMO_REVIEWS} results`)).toBeVisible();

    await chooseFilter(page, 'Facebook');
    await expect(page.getByText(/^Showing 1 to \d+ of \d+ results$/)).not.toHaveText(
      `Showing 1 to 10 of ${DEMO_REVIEWS} results`,
    );
    const sources = await page
      .getByRole('table')
      .getByRole('row')
      .locator('td:nth-child(3)')
      .allTextContents();
    expect(sources.length).toBeGreaterThan(0);
    expect(new Set(sources)).toEqual(new Set(['Facebook']));

    await page.getByRole('searchbox', { name: 'Search reviews' }).fill('zzz-no-such-review');
    await expect(page.getByText('No reviews found matching your filter criteria.')).toBeVisible();

    const exportLink = page.getByRole('link', { name: 'Export' });
    await expect(exportLink).toHaveAttribute(
      'href',
      '/api/reviews/export.csv?filter=facebook&q=zzz-no-such-review',
    );
    const csv = await page.request.get('/api/reviews/export.csv?filter=google');
    expect(csv.status()).toBe(200);
    expect(csv.headers()['content-disposition']).toMatch(
      /^attachment; filename="reviews-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    const body = await csv.body();
    // The UTF-8 byte order mark, so Excel reads the accents right (text() would strip it).
    expect([...body.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const lines = body.subarray(3).toString('utf8').trim().split('\r\n');
    expect(lines[0]).toBe('Date,Customer,Rating,Source,Location,Review,Responded,Response,Responded at');
    expect(lines.slice(1).every((line) => line.includes(',google,'))).toBe(true);
  });

  test('answers an unanswered review with a suggestion and sees it Responded', async ({ page }) => {
    // Its own client and review: no other test answers it meanwhile.
    await signUpViaApi(page);
    const created = await page.request.post('/api/locations', {
      data: { name: 'Pier Road', address: '3 Pier Rd' },
    });
    const { publicLink } = (await created.json()) as { publicLink: string };
    await page.request.post(`/api/public/review/${publicLink}`, {
      data: { rating: 2, content: 'The croissants were stale', name: 'Dana Holt' },
    });
    await page.goto('/reviews');
    await expect(page.getByText('Showing 1 to 1 of 1 results')).toBeVisible();

    const row = page.getByRole('table').getByRole('row').nth(1);
    await expect(row.locator('td:nth-child(5)')).toHaveText('Not Responded');
    await row.getByRole('button', { name: /^View/ }).click();

    const dialog = page.getByRole('dialog', { name: 'Review Details' });
    await expect(dialog.getByText('Not Responded')).toBeVisible();
    await dialog.getByRole('button', { name: 'Suggest response' }).click();
    // "Generating..." lasts only as long as the local model takes, often less than a check: the unit tests of
    // review-details-dialog and review-suggestion hold the answer back and assert it there.
    await expect(page.getByText('Response suggestion generated', { exact: true })).toBeVisible();
    await expect(dialog.getByRole('textbox')).not.toHaveValue('');
    await expect(dialog.getByRole('textbox')).toBeFocused();

    await dialog.getByRole('button', { name: 'Submit Response' }).click();

    await expect(page.getByText('Response submitted', { exact: true })).toBeVisible();
    await expect(dialog.getByText('Responded', { exact: true })).toBeVisible();
    await expect(dialog.getByText(/^Responded on /)).toBeVisible();
    await expect(dialog.getByRole('status')).toHaveText(
      'Saved in ReviewFlow: private feedback and its reply are only visible to you',
    );
    await expect(dialog.getByRole('button', { name: 'Submit Response' })).toBeHidden();
    await dialog.getByRole('button', { name: 'Close' }).click();
    await expect(dialog).toBeHidden();
    await expect(row.locator('td:nth-child(5)')).toHaveText('Responded');
  });

  test('a Google review answered while Google is not connected says it was saved in ReviewFlow only', async ({
    page,
  }) => {
    await openReviews(page);
    await chooseFilter(page, 'Google');
    const rows = page.getByRole('table').getByRole('row');
    // The unfiltered page stays on screen until the filtered one arrives: wait for Google rows only.
    await expect
      .poll(async () => new Set(await rows.locator('td:nth-child(3)').allTextContents()))
      .toEqual(new Set(['Google']));
    const statuses = await rows.locator('td:nth-child(5)').allTextContents();
    const index = statuses.indexOf('Not Responded');
    expect(index).toBeGreaterThanOrEqual(0);
    await rows
      .nth(index + 1)
      .getByRole('button', { name: /^View/ })
      .click();

    const dialog = page.getByRole('dialog', { name: 'Review Details' });
    await dialog.getByLabel('Your response').fill('Thank you for the kind words!');
    await dialog.getByRole('button', { name: 'Submit Response' }).click();

    await expect(dialog.getByRole('status')).toHaveText('Saved in ReviewFlow only: Google is not connected');
    await expect(page.getByText('Response saved', { exact: true })).toBeVisible();
    await expect(page.getByText('Response submitted', { exact: true })).toBeHidden();
  });

  test('an empty whitespace reply is refused with Response required', async ({ page }) => {
    await openReviews(page);
    await chooseFilter(page, 'Not Responded');
    await expect(page.getByRole('table').getByRole('cell', { name: 'Responded', exact: true })).toHaveCount(
      0,
    );
    await page.getByRole('table').getByRole('button', { name: /^View/ }).last().click();

    const dialog = page.getByRole('dialog', { name: 'Review Details' });
    await dialog.getByRole('textbox').fill('   ');
    await dialog.getByRole('button', { name: 'Submit Response' }).click();

    await expect(page.getByText('Response required', { exact: true })).toBeVisible();
    await expect(page.getByText('Please enter a response', { exact: true })).toBeVisible();
    await expect(dialog.getByText('Not Responded')).toBeVisible();
  });
});

test.describe('reviews on a phone', () => {
  test.use({ viewport: { width: 375, height: 812 } });

  test('shows the reviews as cards and opens one', async ({ page }) => {
    await openReviews(page);

    const cards = page.getByRole('list', { name: 'Reviews' }).getByRole('listitem');
    await expect(cards).toHaveCount(10);
    await expect(page.getByRole('table')).toHaveCount(0);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);

    await cards.first().getByRole('button', { name: /^View/ }).click();
    const dialog = page.getByRole('dialog', { name: 'Review Details' });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByRole('img', { name: /^Rated [1-5] out of 5$/ })).toBeVisible();
  });
});
