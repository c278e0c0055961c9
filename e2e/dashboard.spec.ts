import type { APIRequestContext, Page } from '@playwright/test';
import type { DashboardStats } from '../shared/schemas/dashboard';
import { expect, signInViaApi, signUpViaApi, test } from './fixtures';
import { layoutShifts, recordLayoutShifts } from './layout-shifts';

/** The demo client (server/seed/demo.ts); the e2e server runs with SEED_DEMO on (playwright.config.ts). */
const DEMO = { email: 'demo@reviewflow.test', password: 'demo-password' };

const statsRegion = (page: Page) => page.getByRole('region', { name: 'Review statistics' });
const statValue = (page: Page, name: string) =>
  statsRegion(page).getByRole('group', { name }).getByTestId('stat-value');

async function apiStats(request: APIRequestContext): Promise<DashboardStats> {
  const res = await request.get('/api/dashboard/stats');
  expect(res.status()).toBe(200);
  return (await res.json()) as DashboardStats;
}

async function expectFiguresMatch(page: Page, stats: DashboardStats) {
  await expect(statValue(page, 'Total Reviews')).toHaveText(String(stats.totalReviews));
  await expect(statValue(page, 'Positive Reviews')).toHaveText(String(stats.positiveReviews));
  await expect(statValue(page, 'Review Requests')).toHaveText(String(stats.reviewRequests));
  await expect(statValue(page, 'Pending Responses')).toHaveText(String(stats.pendingResponses));
  await expect(statValue(page, 'Average Rating')).toHaveText(stats.averageRating.toFixed(1));
  await expect(statValue(page, 'Response Rate')).toHaveText(`${stats.responseRate}%`);
  await expect(statsRegion(page).getByRole('group', { name: 'Total Reviews' })).toContainText(
    stats.trends.totalReviews,
  );
  const recent = page.getByRole('region', { name: 'Last 30 days' });
  await expect(recent.getByRole('group', { name: 'Recent Reviews' }).getByTestId('stat-value')).toHaveText(
    String(stats.recent.reviews),
  );
  await expect(recent.getByRole('group', { name: 'Requests Sent' }).getByTestId('stat-value')).toHaveText(
    String(stats.recent.requestsSent),
  );
}

test.describe('dashboard', () => {
  test.use({ viewport: { width: 1280, height: 900 } });

  test('a new client sees zeros, never placeholder figures', async ({ page, client }) => {
    expect(client.email).toBeTruthy();
    await page.goto('/dashboard');

    await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
    await expect(statValue(page, 'Total Reviews')).toHaveText('0');
    await expect(statValue(page, 'Positive Reviews')).toHaveText('0');
    await expect(statValue(page, 'Review Requests')).toHaveText('0');
    await expect(statValue(page, 'Pending Responses')).toHaveText('0');
    await expect(statValue(page, 'Average Rating')).toHaveText('0.0');
    await expect(statValue(page, 'Response Rate')).toHaveText('0%');
    await expect(page.getByText('No reviews yet')).toBeVisible();
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
    await expect(page.getByRole('list', { name: 'Recent Reviews' }).getByRole('listitem')).toHaveCount(
      Math.min(stats.totalReviews, 1000),
    );
  });

  test('the Review Insights page shows where ratings come from', async ({ page }) => {
    await signInViaApi(page, DEMO);
    await page.goto('/optimized-reviews');

    await expect(page.getByRole('heading', { level: 1, name: 'Review Insights' })).toBeVisible();
    await expect(page.getByRole('table', { name: 'Ratings by source' })).toBeVisible();
    await expect(page.getByRole('region', { name: 'What happy customers mention' })).toBeVisible();
  });
});

test.describe('the dashboard on a phone', () => {
  // A phone's width and a page's height: a shift counts only in view, and every part is in view.
  test.use({ viewport: { width: 375, height: 2400 } });

  test('nothing moves under a thumb once shown: the parts that arrive later have their room kept', async ({
    page,
  }) => {
    await recordLayoutShifts(page);
    await signInViaApi(page, DEMO);
    await page.goto('/dashboard');
    // The last parts to arrive: the chart (its own chunk), the recent reviews and the first steps' sources.
    await expect(page.locator('.recharts-surface').first()).toBeVisible();
    await expect(page.getByRole('list', { name: 'Recent Reviews' })).toBeVisible();
    await page.waitForLoadState('networkidle');

    expect((await layoutShifts(page)).moved).toEqual([]);
  });
});
