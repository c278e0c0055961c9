import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { DEFAULT_REQUEST_SETTINGS, fromMinutes } from '../shared/schemas/request-settings';
import { sticksOut } from './boxes';
import { layoutShifts, recordLayoutShifts } from './layout-shifts';

/** A location, a contact and a request of the signed-in client, made through the API. */
async function seed(page: Page) {
  const location = await page.request.post('/api/locations', {
    data: { name: 'Harbour Street Bakery and Coffee House', address: '12 Harbour Street, Old Town' },
  });
  expect(location.status()).toBe(201);
  const { id: locationId } = (await location.json()) as { id: number };
  const contact = await page.request.post('/api/contacts', {
    data: { name: 'Alexandra Montgomery-Whitfield', email: 'alexandra.montgomery-whitfield@example.com' },
  });
  expect(contact.status()).toBe(201);
  const { id: contactId } = (await contact.json()) as { id: number };
  const request = await page.request.post('/api/review-requests', {
    data: { locationId, contactId, method: 'email' },
  });
  expect(request.status()).toBe(201);
  return { locationId, contactId };
}

/**
 * A second request to the same contact, cancelled: a one-word status beside a long name. Quiet hours first (in
 * UTC, all day but the minute before this one) hold it in the queue, so the worker cannot send it before it is
 * cancelled (a cancel that came second answered 409).
 */
async function seedCancelledRequest(page: Page, { locationId, contactId }: Awaited<ReturnType<typeof seed>>) {
  const now = new Date();
  const minute = now.getUTCHours() * 60 + now.getUTCMinutes();
  const quiet = await page.request.put('/api/request-settings', {
    data: {
      ...DEFAULT_REQUEST_SETTINGS,
      timeZone: 'UTC',
      quietStart: fromMinutes((minute + 1439) % 1440),
      quietEnd: fromMinutes((minute + 1438) % 1440),
    },
  });
  expect(quiet.status()).toBe(200);
  // Asked a moment ago: the owner confirms asking again (issue 41's ask window).
  const request = await page.request.post('/api/review-requests', {
    data: { locationId, contactId, method: 'email', confirmRecentAsk: true },
  });
  const { id } = (await request.json()) as { id: number };
  expect((await page.request.post(`/api/review-requests/${id}/cancel`)).status()).toBe(200);
}

test.describe('on a 375 px phone', () => {
  test.use({ viewport: { width: 375, height: 812 } });

  for (const [screen, path, ready] of [
    ['Get Reviews', '/get-reviews', 'Review requests'],
    ['Contacts', '/contacts', 'Alexandra Montgomery-Whitfield'],
    ['Settings › Locations', '/settings?tab=locations', 'Harbour Street Bakery and Coffee House'],
    ['Settings › Requests', '/settings?tab=requests', 'Follow-up reminders'],
    ['Settings › Profile', '/settings?tab=profile', 'Profile'],
    ['Settings › Integrations', '/settings?tab=integrations', 'Google'],
    ['Settings › Notifications', '/settings?tab=notifications', 'Email notifications'],
    ['Settings › Plan', '/settings?tab=plan', 'Plan'],
    ['Dashboard', '/dashboard', 'Quick Actions'],
    ['Reviews', '/reviews', 'Reviews'],
    ['Templates', '/templates', 'Templates'],
    ['Review Insights', '/optimized-reviews', 'Review Insights'],
    ['Review Preview', '/review-preview', 'Review Preview'],
    ['Help', '/help', 'Help'],
    ['Email test', '/email-test', 'Send test email'],
  ] as const) {
    test(`${screen} fits the screen with no sideways scroll or part over a card's edge, and nothing moves as it loads`, async ({
      page,
      client: _client,
    }) => {
      await seedCancelledRequest(page, await seed(page));
      await recordLayoutShifts(page);
      await page.goto(path);
      await expect(page.getByText(ready).filter({ visible: true }).first()).toBeVisible();
      await page.waitForLoadState('networkidle');

      const widths = await page.evaluate(() => ({
        document: document.documentElement.scrollWidth,
        body: document.body.scrollWidth,
      }));
      expect(widths.document).toBeLessThanOrEqual(375);
      expect(widths.body).toBeLessThanOrEqual(375);
      // A badge or a button squeezed by its neighbours is drawn over its card's edge.
      expect(await sticksOut(page)).toEqual([]);
      // Nothing moves under a thumb as the parts arrive: a layout shift score that Core Web Vitals calls good.
      const shifts = await layoutShifts(page);
      expect(shifts.score, `moved: ${shifts.moved.join(' | ')}`).toBeLessThan(0.1);
    });
  }

  test('Generate Review Link gives a link and QR code without a contact', async ({
    page,
    client: _client,
  }) => {
    await seed(page);
    await page.goto('/dashboard');
    await page.getByRole('button', { name: 'Generate Review Link' }).click();
    const dialog = page.getByRole('dialog', { name: 'Generate Review Link' });
    await expect(dialog.getByLabel('Contact')).toHaveCount(0);

    // The only location is chosen already.
    await dialog.getByRole('button', { name: 'One-off link' }).click();

    const result = dialog.getByRole('region', { name: 'Generated QR Code' });
    await expect(result.getByRole('img', { name: 'QR code of the review link' })).toBeVisible();
    const url = await result.getByLabel('Review link').inputValue();
    expect(url).toMatch(/\/review\/[\w-]{22}$/);
    // The link works for a customer at once.
    const opened = await page.request.get(`/api/public/review/${url.split('/review/')[1]}`);
    expect(opened.status()).toBe(200);
    const fits = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(fits).toBeLessThanOrEqual(375);
  });
});

test.describe('the client menu', () => {
  test.use({ viewport: { width: 1280, height: 900 } });

  test('reaches Templates, Review Insights and Review Preview', async ({ page, client: _client }) => {
    await page.goto('/dashboard');
    const nav = page.getByRole('navigation', { name: 'Main' });
    for (const [item, url, heading] of [
      ['Templates', /\/templates$/, 'Templates'],
      ['Review Insights', /\/optimized-reviews$/, 'Review Insights'],
      ['Review Preview', /\/review-preview$/, 'Review Preview'],
    ] as const) {
      await nav.getByRole('link', { name: item }).click();
      await expect(page).toHaveURL(url);
      await expect(page.getByRole('heading', { name: heading, level: 1 })).toBeVisible();
    }
  });

  test('a request kept in the outbox says so, and its timeline and actions open from the list', async ({
    page,
    client: _client,
  }) => {
    await seed(page);
    await page.goto('/get-reviews');
    const row = page.getByRole('row', { name: /Alexandra Montgomery-Whitfield/ });
    // The e2e server has no SMTP: the message is kept in the outbox, and the status says it was not sent.
    await expect(row.getByText('Not sent: no email provider configured')).toBeVisible();

    await row.getByRole('button', { name: /Details/ }).click();
    const details = page.getByRole('region', { name: 'Review request details' });
    await expect(details.getByRole('list', { name: 'Timeline' })).toContainText(
      'Kept in the outbox (not sent)',
    );
    await expect(details.getByRole('button', { name: 'Send again' })).toBeVisible();
    await details.getByRole('button', { name: 'Cancel request' }).click();
    await expect(details.getByText('Cancelled', { exact: true }).first()).toBeVisible();
  });
});
