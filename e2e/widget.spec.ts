import http from 'node:http';
import type { AddressInfo } from 'node:net';
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import type { PublicWidget, WidgetSettings } from '@shared/schemas/widget';
import { expect, signInViaApi, test } from './fixtures';

/**
 * The website widget (issue 16) as a business's website uses it: a page on another origin (a small server
 * this spec starts on a port of its own) pastes the one-line snippet copied in Settings › Widget; the
 * widget loads from the app's origin and shows the demo client's reviews in a shadow root.
 */

// The demo client's seeded Google and Facebook reviews (server/seed/demo.ts); only this spec changes its widget.
const DEMO = { email: 'demo@reviewflow.test', password: 'demo-password' };
const BUSINESS = 'Sunrise Bakery';
/** Review-snippet markup a business must not place about itself. */
const SNIPPET_MARKUP = /AggregateRating|itemprop|itemscope|application\/ld\+json|schema\.org/i;

// Both tests change the demo client's one widget: one after the other.
test.describe.configure({ mode: 'serial' });

let site: http.Server;
let siteUrl: string;
/** What the other origin's page holds: a shop's page with the owner's snippet in it. */
let snippet = '';

test.beforeAll(async () => {
  site = http.createServer((_req, res) => {
    res.setHeader('Content-Type', 'text/html; charset=utf-8');
    res.end(
      `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Sunrise Bakery: our bread</title></head>` +
        `<body><main><h1>Fresh bread every morning</h1>${snippet}</main></body></html>`,
    );
  });
  await new Promise<void>((resolve) => site.listen(0, '127.0.0.1', resolve));
  siteUrl = `http://127.0.0.1:${(site.address() as AddressInfo).port}/`;
});

test.afterAll(async () => {
  await new Promise((resolve) => site.close(resolve));
});

async function expectAxeClean(page: Page) {
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .analyze();
  const serious = results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => ({ id: v.id, nodes: v.nodes.slice(0, 3).map((n) => n.target.join(' ')) }));
  expect(serious, JSON.stringify(serious, null, 2)).toEqual([]);
}

/** The widget's own markup, from inside its shadow root. */
const shadowHtml = (page: Page) =>
  page.locator('.reviewflow-widget').evaluate((host) => host.shadowRoot?.innerHTML ?? '');

test('when the owner copies the snippet into a page of another site, then its visitors see the chosen reviews', async ({
  page,
  context,
  baseURL,
}) => {
  await signInViaApi(page, DEMO);
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseURL });
  await page.goto('/settings?tab=widget');

  // Settings › Widget: a grid in the dark theme, every rating from 4 stars.
  await page.getByLabel('The newest reviews that match these rules').check();
  await page.getByLabel('Minimum rating').selectOption('4');
  await page.getByLabel(/^Grid/).check();
  await page.getByLabel('Dark').check();
  const preview = page.getByTestId('widget-preview');
  await expect(preview.locator('.rf.grid.dark')).toBeVisible();
  await page.getByRole('button', { name: 'Save widget' }).click();
  await expect(page.getByText('Widget saved', { exact: true })).toBeVisible();
  await page.getByRole('button', { name: 'Copy code' }).click();
  await expect(page.getByText('Copied', { exact: true })).toBeVisible();
  snippet = await page.evaluate(() => navigator.clipboard.readText());
  expect(snippet).toMatch(
    /^<script src="http:\/\/127\.0\.0\.1:\d+\/widget\.js" data-key="[\w-]{24}" async><\/script>$/,
  );

  const settings = (await (await page.request.get('/api/widget-settings')).json()) as WidgetSettings;
  const expected = (await (
    await page.request.get(`/api/widget/${settings.publicKey}`)
  ).json()) as PublicWidget;
  expect(expected.reviews.length).toBeGreaterThan(1);

  // The shop's page, on another origin.
  const visitor = await context.browser()!.newContext();
  const shop = await visitor.newPage();
  const widgetRequests: string[] = [];
  shop.on('request', (req) => {
    if (req.url().includes('/api/widget/')) widgetRequests.push(req.url());
  });
  await shop.goto(siteUrl);
  expect(new URL(shop.url()).origin).not.toBe(new URL(baseURL!).origin);

  const widget = shop.getByRole('region', { name: `Customer reviews of ${BUSINESS}` });
  await expect(widget).toBeVisible();
  const items = widget.getByRole('list', { name: 'Reviews' }).getByRole('listitem');
  await expect(items).toHaveCount(expected.reviews.length);
  const first = expected.reviews[0]!;
  await expect(items.first()).toContainText(first.name);
  await expect(items.first()).toContainText(`Rated ${first.rating} out of 5 stars`);
  if (first.text) await expect(items.first()).toContainText(first.text);
  await expect(widget.getByText(expected.countLabel)).toBeVisible();
  await expect(widget.getByRole('link', { name: `Reviews collected by ${BUSINESS}` })).toHaveAttribute(
    'href',
    expected.reviewPageUrl!,
  );
  expect(widgetRequests).toEqual([`${baseURL}/api/widget/${settings.publicKey}`]);
  expect(await shadowHtml(shop)).not.toMatch(SNIPPET_MARKUP);
  expect(await shop.content()).not.toMatch(SNIPPET_MARKUP);
  await expectAxeClean(shop);
  await visitor.close();
});

test('when the widget is a carousel, then a keyboard moves through the reviews; the wall page shows them all', async ({
  page,
  browser,
}) => {
  await signInViaApi(page, DEMO);
  const current = (await (await page.request.get('/api/widget-settings')).json()) as WidgetSettings;
  const saved = await page.request.put('/api/widget-settings', {
    data: {
      mode: 'auto',
      minRating: 4,
      sources: ['google', 'facebook'],
      onlyWithText: true,
      reviewIds: [],
      layout: 'carousel',
      theme: 'light',
      accentColor: null,
    },
  });
  expect(saved.status()).toBe(200);
  snippet = `<script src="${current.scriptUrl}" data-key="${current.publicKey}" async></script>`;
  const expected = (await (
    await page.request.get(`/api/widget/${current.publicKey}`)
  ).json()) as PublicWidget;

  const visitor = await browser.newContext();
  const shop = await visitor.newPage();
  await shop.goto(siteUrl);
  const widget = shop.getByRole('region', { name: `Customer reviews of ${BUSINESS}` });
  await expect(widget.getByText(`Review 1 of ${expected.reviews.length}`)).toBeVisible();
  await expect(widget.getByRole('listitem').filter({ visible: true })).toHaveCount(1);

  // Tab reaches the buttons (inside the shadow root); Enter presses them.
  await shop.keyboard.press('Tab');
  await expect(widget.getByRole('button', { name: 'Previous review' })).toBeFocused();
  await shop.keyboard.press('Tab');
  await expect(widget.getByRole('button', { name: 'Next review' })).toBeFocused();
  await shop.keyboard.press('Enter');
  await expect(widget.getByText(`Review 2 of ${expected.reviews.length}`)).toBeVisible();
  await expect(widget.getByRole('listitem').filter({ visible: true })).toContainText(
    expected.reviews[1]!.name,
  );
  await expectAxeClean(shop);

  // A German visitor reads the widget in German; a site may choose the language for everyone (data-lang).
  const german = await browser.newContext({ locale: 'de-DE' });
  const germanShop = await german.newPage();
  await germanShop.goto(siteUrl);
  const germanWidget = germanShop.getByRole('region', { name: `Kundenbewertungen von ${BUSINESS}` });
  await expect(germanWidget.getByText(`Bewertung 1 von ${expected.reviews.length}`)).toBeVisible();
  await expect(germanWidget.getByRole('button', { name: 'Nächste Bewertung' })).toBeVisible();
  await german.close();
  snippet = snippet.replace(' async>', ' data-lang="ar" async>');
  await shop.reload();
  const arabic = shop.getByRole('region', { name: `مراجعات العملاء لـ ${BUSINESS}` });
  await expect(arabic).toHaveAttribute('dir', 'rtl');
  await expect(arabic.getByRole('button', { name: 'المراجعة التالية' })).toBeVisible();

  // The same reviews as a page of its own.
  await shop.goto(current.wallUrl);
  await expect(shop.getByRole('heading', { name: `What customers say about ${BUSINESS}` })).toBeVisible();
  await expect(shop.getByRole('listitem')).toHaveCount(expected.reviews.length);
  expect(await shop.content()).not.toMatch(SNIPPET_MARKUP);
  await expectAxeClean(shop);
  await visitor.close();
});
