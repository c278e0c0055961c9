import type { APIRequestContext, Page } from '@playwright/test';
import type { DashboardStats } from '../shared/schemas/dashboard';
import { expect, signInViaApi, signUpViaApi, test } from './fixtures';
import { layoutShifts, recordLayoutShifts } from './layout-shifts';

/** The demo client (server/seed/demo.ts); the e2e server runs with SEED_DEMO on (playwright.config.ts). */
const DEMO = { email: 'demo@reviewflow.test', password: 'demo-password' };

const statsRegion = (page: Page) => page.getByRole('region', { name: 'Review statistics' });
const statCard = (page: Page, name: string) => statsRegion(page).getByRole('group', { name });
const statValue = (page: Page, name: string) => statCard(page, name).getByTestId('stat-value');
const allTime = (page: Page, name: string) => statCard(page, name).getByTestId('all-time');

async function apiStats(request: APIRequestContext, period?: number): Promise<DashboardStats> {
  const res = await request.get(`/api/dashboard/stats${period ? `?period=${period}` : ''}`);
  expect(res.status()).toBe(200);
  return (await res.json()) as DashboardStats;
}

/** Every card against the API: the period's figure, its comparison, and the all-time figure at its foot. */
async function expectFiguresMatch(page: Page, stats: DashboardStats) {
  const { recent, previous, trends, period } = stats;
  await expect(page.getByRole('heading', { name: `Last ${period} days` })).toBeVisible();
  await expect(statValue(page, 'Recent Reviews')).toHaveText(String(recent.reviews));
  await expect(statCard(page, 'Recent Reviews')).toContainText(
    trends.totalReviews === 'new'
      ? `${previous.reviews} the previous ${period} days, too few to compare`
      : `${trends.totalReviews}from ${previous.reviews} the previous ${period} days`,
  );
  await expect(allTime(page, 'Recent Reviews')).toHaveText(`Total Reviews: ${stats.totalReviews}`);
  await expect(statValue(page, 'Positive Reviews')).toHaveText(String(recent.positiveReviews));
  await expect(allTime(page, 'Positive Reviews')).toHaveText(`All time: ${stats.positiveReviews}`);
  await expect(statValue(page, 'Average Rating')).toHaveText(
    recent.reviews ? recent.averageRating.toFixed(1) : '—',
  );
  await expect(allTime(page, 'Average Rating')).toHaveText(`All time: ${stats.averageRating.toFixed(1)}`);
  await expect(statValue(page, 'Response Rate')).toHaveText(recent.reviews ? `${recent.responseRate}%` : '—');
  await expect(allTime(page, 'Response Rate')).toHaveText(`All time: ${stats.responseRate}%`);
  await expect(statValue(page, 'Pending Responses')).toHaveText(String(stats.pendingResponses));
  await expect(statValue(page, 'Requests Sent')).toHaveText(String(recent.requestsSent));
  await expect(allTime(page, 'Requests Sent')).toHaveText(`Review Requests: ${stats.reviewRequests}`);
}

test.describe('dashboard', () => {
  test.use({ viewport: { width: 1280, height: 900 } });

  test('a new client sees its first steps and the buttons to take them, never a wall of zeros', async ({
    page,
    client,
  }) => {
    expect(client.email).toBeTruthy();
    await page.goto('/dashboard');

    await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
    const steps = page.getByRole('region', { name: 'Getting started' });
    await expect(steps.getByRole('link', { name: 'Add a location' })).toBeVisible();
    await expect(page.getByTestId('stat-value')).toHaveCount(0);
    await expect(page.getByRole('link', { name: 'Manage Contacts' })).toHaveAttribute('href', '/contacts');

    await page.getByRole('button', { name: 'Generate Review Link' }).click();
    await expect(page.getByRole('dialog', { name: 'Generate Review Link' })).toBeVisible();
  });

  test('a client with reviews sees the API figures, answers a review and sees one fewer pending', async ({
    page,
  }) => {
    await signUpViaApi(page);
    const location = await page.request.post('/api/locations', { data: { name: 'Harbour Road' } });
    expect(location.status()).toBe(201);
    const { publicLink } = (await location.json()) as { publicLink: string };
    for (const [rating, content, name] of [
      [5, 'Lovely flat white and friendly staff', 'Ada Byron'],
      [2, 'Waited twenty minutes for a cold coffee', 'Tom Fletcher'],
      [4, 'Great pastries', 'Lena Park'],
    ] as const) {
      const res = await page.request.post(`/api/public/review/${publicLink}`, {
        data: { rating, content, name },
      });
      expect(res.ok()).toBe(true);
    }

    await page.goto('/dashboard');
    const before = await apiStats(page.request);
    expect(before).toMatchObject({
      totalReviews: 3,
      positiveReviews: 2,
      pendingResponses: 3,
      averageRating: 3.7,
    });
    await expectFiguresMatch(page, before);

    const list = page.getByRole('list', { name: 'Recent Reviews' });
    await expect(list.getByRole('listitem')).toHaveCount(3);
    await list.getByRole('button', { name: /View review from Tom Fletcher/ }).click();
    const dialog = page.getByRole('dialog', { name: 'Review Details' });
    await expect(dialog.getByText('Waited twenty minutes for a cold coffee')).toBeVisible();
    await dialog.getByLabel('Your response').fill('We are sorry, the next coffee is on us.');
    await dialog.getByRole('button', { name: 'Submit Response' }).click();
    await expect(page.getByText('Response submitted', { exact: true })).toBeVisible();
    await expect(dialog.getByText(/Responded on/)).toBeVisible();
    // The page behind a modal dialog is hidden from assistive technology: close it to read the cards.
    // (While the toast shows, Escape dismisses the toast first: Radix stacks it above the dialog.)
    await expect(page.getByText('Response submitted', { exact: true })).toBeHidden();
    await dialog.getByRole('button', { name: 'Close' }).click();
    await expect(dialog).toBeHidden();

    await expect(statValue(page, 'Pending Responses')).toHaveText(String(before.pendingResponses - 1));
    await expect(statValue(page, 'Response Rate')).toHaveText('33%');
    await expectFiguresMatch(page, await apiStats(page.request));
  });

  test('the demo client’s dashboard shows the figures the API computes', async ({ page }) => {
    await signInViaApi(page, DEMO);
    await page.goto('/dashboard');
    await expect(statsRegion(page)).toBeVisible();

    // Other specs may answer a demo review meanwhile: compare again until one read agrees.
    await expect(async () => {
      await page.reload();
      await expectFiguresMatch(page, await apiStats(page.request));
    }).toPass({ timeout: 60_000 });
    const stats = await apiStats(page.request);
    expect(stats.totalReviews).toBeGreaterThan(0);
    // The newest ten in the page (no scroll box inside it); Show more brings the next ten.
    const list = page.getByRole('list', { name: 'Recent Reviews' });
    await expect(list.getByRole('listitem')).toHaveCount(Math.min(stats.totalReviews, 10));
    if (stats.totalReviews > 10) {
      await expect(page.getByText(`Showing 10 of ${Math.min(stats.totalReviews, 1000)}`)).toBeVisible();
      await page.getByRole('button', { name: 'Show more' }).click();
      await expect(list.getByRole('listitem')).toHaveCount(Math.min(stats.totalReviews, 20));
    }
  });

  test('the Review Insights page shows where ratings come from', async ({ page }) => {
    await signInViaApi(page, DEMO);
    await page.goto('/optimized-reviews');

    await expect(page.getByRole('heading', { level: 1, name: 'Review Insights' })).toBeVisible();
    await expect(page.getByRole('table', { name: 'Ratings by source' })).toBeVisible();
    await expect(page.getByRole('region', { name: 'What happy customers mention' })).toBeVisible();
  });
});

for (const viewport of [
  { width: 375, height: 812 },
  { width: 1440, height: 900 },
]) {
  test.describe(`the dashboard's period at ${viewport.width} px`, () => {
    test.use({ viewport });

    test('the owner picks 7 and 90 days: the cards show that period against the one before, and a reload keeps it', async ({
      page,
    }) => {
      await signInViaApi(page, DEMO);
      await page.goto('/dashboard');
      const periods = page.getByRole('group', { name: 'Period' });
      await expect(periods.getByRole('button', { name: '30 days' })).toHaveAttribute('aria-pressed', 'true');

      await periods.getByRole('button', { name: '7 days' }).click();
      await expect(page).toHaveURL(/\/dashboard\?period=7$/);
      // Other specs may answer a demo review meanwhile: compare again until one read agrees.
      await expect(async () => {
        await expectFiguresMatch(page, await apiStats(page.request, 7));
      }).toPass({ timeout: 30_000 });

      await page.goto('/dashboard?period=90');
      await expect(periods.getByRole('button', { name: '90 days' })).toHaveAttribute('aria-pressed', 'true');
      await expect(async () => {
        await page.reload();
        await expectFiguresMatch(page, await apiStats(page.request, 90));
      }).toPass({ timeout: 60_000 });

      // Every card and the period buttons fit the width: nothing scrolls sideways.
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow).toBeLessThanOrEqual(0);
      await expect(statsRegion(page).getByRole('group')).toHaveCount(7);
    });
  });
}

test.describe('the dashboard on a phone', () => {
  // A phone's width and a page's height: a shift counts only in view, and every part is in view.
  test.use({ viewport: { width: 375, height: 2400 } });

  test('nothing moves under a thumb once shown: the parts that arrive later have their room kept', async ({
    page,
  }) => {
    await recordLayoutShifts(page);
    await signInViaApi(page, DEMO);
    await page.goto('/dashboard');
    // The last parts to arrive: the chart, the recent reviews and the first steps' sources.
    await expect(page.getByText(/over the last 13 weeks/)).toBeVisible();
    await expect(page.getByRole('list', { name: 'Recent Reviews' })).toBeVisible();
    await page.waitForLoadState('networkidle');

    expect((await layoutShifts(page)).moved).toEqual([]);
  });
});
