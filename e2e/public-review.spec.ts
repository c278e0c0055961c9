import AxeBuilder from '@axe-core/playwright';
import type { Browser, BrowserType, Page } from '@playwright/test';
import { randomBytes } from 'node:crypto';
import { tinyWebm as webmWithPadding } from '../server/features/public-review/__tests__/video-fixtures';
import { expect, test } from './fixtures';

/** The smallest WebM the server recognises by its content, as the API tests use it. */
const tinyWebm = () => webmWithPadding(256);

const PHONE = { width: 375, height: 800 };
const GOOGLE = 'https://search.google.com/local/writereview?placeid=e2e-test';
const FACEBOOK = 'https://www.facebook.com/e2e-test-page/reviews';

test.use({ viewport: PHONE });
// Each test sets up an account, a location, a contact and a request, then drives two browsers.

interface Arranged {
  link: string;
  locationName: string;
}

/** As the signed-in owner, through the API: a location, a contact and a review request for them. */
async function arrangeRequest(page: Page): Promise<Arranged> {
  const tag = randomBytes(3).toString('hex');
  const locationName = `Quay Street ${tag}`;
  const location = await page.request.post('/api/locations', {
    data: {
      name: locationName,
      address: '1 Quay Street',
      googleReviewUrl: GOOGLE,
      facebookPageUrl: FACEBOOK,
    },
  });
  expect(location.status(), await location.text()).toBe(201);
  const contact = await page.request.post('/api/contacts', {
    data: { name: 'Sam Rivera', email: `sam-${tag}@example.com` },
  });
  expect(contact.status(), await contact.text()).toBe(201);
  const request = await page.request.post('/api/review-requests', {
    data: { locationId: (await location.json()).id, contactId: (await contact.json()).id, method: 'email' },
  });
  expect(request.status(), await request.text()).toBe(201);
  return { link: (await request.json()).uniqueLink as string, locationName };
}

/** The customer: a separate browser with no session, on a phone-sized screen. */
async function customerPage(browser: Browser): Promise<Page> {
  const context = await browser.newContext({ viewport: PHONE });
  return context.newPage();
}

interface ReviewRow {
  type: string;
  rating: number;
  content: string;
  reviewerName: string;
  videoUrl: string | null;
}

async function ownerReviews(page: Page): Promise<ReviewRow[]> {
  const res = await page.request.get('/api/reviews');
  expect(res.status()).toBe(200);
  return (await res.json()) as ReviewRow[];
}

test('a customer rates 2 stars with a comment, is still offered Google and Facebook, and the owner sees it', async ({
  page,
  client,
  browser,
}, testInfo) => {
  const { link, locationName } = await arrangeRequest(page);
  const customer = await customerPage(browser);

  await customer.goto(`/review/${link}`);
  // The first page of a fresh server can be slow on a busy machine; later steps use the default timeout.
  await expect(customer.getByRole('heading', { level: 1, name: client.companyName })).toBeVisible({
    timeout: 20_000,
  });
  await expect(customer.getByText(locationName, { exact: true })).toBeVisible();
  await expect(customer.getByText('Hi Sam,')).toBeVisible();
  await expect(customer).toHaveTitle(`${client.companyName} – Leave a review`);

  // A Performance API reading of the page at 375x800 (Lighthouse cannot run here).
  const timing = await customer.evaluate(() => {
    const nav = performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming;
    const fcp = performance.getEntriesByName('first-contentful-paint')[0];
    const js = performance
      .getEntriesByType('resource')
      .filter((r) => r.name.endsWith('.js'))
      .reduce((sum, r) => sum + (r as PerformanceResourceTiming).encodedBodySize, 0);
    return {
      domContentLoadedMs: Math.round(nav.domContentLoadedEventEnd),
      loadMs: Math.round(nav.loadEventEnd),
      firstContentfulPaintMs: fcp ? Math.round(fcp.startTime) : null,
      formReadyMs: Math.round(performance.now()),
      javascriptBytesTransferred: js,
    };
  });
  testInfo.annotations.push({ type: 'performance', description: JSON.stringify(timing) });
  // Shown by the list reporter's annotations and in the HTML report.
  process.stdout.write(`public review page timing at 375x800: ${JSON.stringify(timing)}
`);

  await customer.getByRole('radio', { name: '2 stars' }).click();
  await expect(customer.getByRole('radio', { name: '2 stars' })).toHaveAttribute('aria-checked', 'true');
  const comment = `The coffee was cold ${randomBytes(3).toString('hex')}`;
  await customer.getByLabel(/Tell us more/).fill(comment);
  await customer.getByRole('button', { name: 'Submit review' }).click();

  await expect(customer.getByRole('heading', { name: 'Thank you, Sam!' })).toBeVisible();
  await expect(customer.getByText('Would you share your experience publicly too?')).toBeVisible();
  await expect(customer.getByRole('link', { name: /Post on Google/ })).toHaveAttribute('href', GOOGLE);
  await expect(customer.getByRole('link', { name: /Post on Facebook/ })).toHaveAttribute('href', FACEBOOK);

  // Opening the link again: already submitted, still the links.
  await customer.reload();
  await expect(customer.getByRole('heading', { name: 'Thank you!' })).toBeVisible();
  await expect(customer.getByRole('link', { name: /Post on Google/ })).toBeVisible();

  const reviews = await ownerReviews(page);
  expect(reviews).toEqual(
    expect.arrayContaining([
      expect.objectContaining({ type: 'private', rating: 2, content: comment, reviewerName: 'Sam Rivera' }),
    ]),
  );
  await page.goto('/reviews');
  await expect(page.getByText(comment).first()).toBeVisible();
  await customer.context().close();
});

test('a customer uploads a short video with the review and the owner can play it', async ({
  page,
  client,
  browser,
}) => {
  void client;
  const { link } = await arrangeRequest(page);
  const customer = await customerPage(browser);

  await customer.goto(`/review/${link}`);
  await customer.getByRole('radio', { name: '5 stars' }).click({ timeout: 20_000 });
  await customer.getByLabel('Upload a video').setInputFiles({
    name: 'testimonial.webm',
    mimeType: 'video/webm',
    buffer: tinyWebm(),
  });
  await expect(customer.getByText(/testimonial\.webm/)).toBeVisible();
  await expect(customer.getByRole('button', { name: 'Remove video' })).toBeVisible();
  await customer.getByRole('button', { name: 'Submit review' }).click();

  await expect(customer.getByRole('heading', { name: 'Thank you, Sam!' })).toBeVisible();
  await expect(customer.getByRole('link', { name: /Post on Google/ })).toBeVisible();

  const video = (await ownerReviews(page)).find((r) => r.type === 'video');
  expect(video).toMatchObject({ rating: 5, reviewerName: 'Sam Rivera' });
  const file = await page.request.get(video!.videoUrl!);
  expect(file.status()).toBe(200);
  expect(file.headers()['content-type']).toBe('video/webm');
  expect((await file.body()).equals(tinyWebm())).toBe(true);
  await customer.context().close();
});

/**
 * A customer's browser with a camera: Chromium's fake one (a test pattern and a tone), allowed, and the
 * clipboard allowed. Its own browser, since the fake device is a launch flag.
 */
async function customerWithCamera(chromium: BrowserType): Promise<{ browser: Browser; customer: Page }> {
  const { launchOptions } = test.info().project.use;
  const browser = await chromium.launch({
    ...launchOptions,
    args: [...(launchOptions?.args ?? []), '--use-fake-device-for-media-stream'],
  });
  const context = await browser.newContext({
    viewport: PHONE,
    permissions: ['camera', 'microphone', 'clipboard-read', 'clipboard-write'],
  });
  return { browser, customer: await context.newPage() };
}

// The page runs on Preact in production (vite.review-page.config.ts) and on React in the unit tests: only
// here do the camera recording and the thank-you view's focus and copy run on the runtime customers get.
test('a customer records a video with the camera, sends it, and their text is copied when they open Google', async ({
  page,
  client,
  playwright,
}) => {
  void client;
  const { link } = await arrangeRequest(page);
  const { browser, customer } = await customerWithCamera(playwright.chromium);
  await customer.goto(`/review/${link}`);
  await customer.getByRole('radio', { name: '5 stars' }).click({ timeout: 20_000 });
  const comment = `Lovely flat white ${randomBytes(3).toString('hex')}`;
  await customer.getByLabel(/Tell us more/).fill(comment);

  await customer.getByRole('button', { name: 'Record a video' }).click();
  // Stopped once the recorder has handed over its first data, as the page shows it: a busy machine's
  // camera may not have delivered a frame within the first second of the page's clock.
  await expect(customer.getByText(/Recording \d+:\d\d \/ \d+:\d\d, [\d.]+ (kB|MB)/)).toBeVisible();
  await customer.getByRole('button', { name: 'Stop recording' }).click();
  await expect(customer.getByText(/Your recording, \d+ (kB|MB)/)).toBeVisible();
  await expect(customer.getByRole('button', { name: 'Record again' })).toBeVisible();
  await customer.getByRole('button', { name: 'Submit review' }).click();

  const thanks = customer.getByRole('heading', { name: 'Thank you, Sam!' });
  await expect(thanks).toBeVisible();
  // Focus moves to the heading, so a screen reader announces the outcome.
  await expect(thanks).toBeFocused();
  await customer.getByRole('link', { name: /Post on Google/ }).click();
  await expect(customer.getByRole('status')).toHaveText(
    'Your review text is copied: paste it on the page that opened.',
  );
  expect(await customer.evaluate(() => navigator.clipboard.readText())).toBe(comment);

  const video = (await ownerReviews(page)).find((r) => r.type === 'video');
  expect(video).toMatchObject({ rating: 5, content: comment, reviewerName: 'Sam Rivera' });
  const file = await page.request.get(video!.videoUrl!);
  expect(file.status()).toBe(200);
  expect(file.headers()['content-type']).toBe('video/webm');
  expect((await file.body()).length).toBeGreaterThan(1000);
  await browser.close();
});

test('a file that is not a video is refused with a clear message', async ({ page, client, browser }) => {
  void client;
  const { link } = await arrangeRequest(page);
  const customer = await customerPage(browser);
  await customer.goto(`/review/${link}`);
  await expect(customer.getByRole('radiogroup')).toBeVisible({ timeout: 20_000 });

  await customer.getByLabel('Upload a video').setInputFiles({
    name: 'notes.txt',
    mimeType: 'text/plain',
    buffer: Buffer.from('not a video'),
  });
  await expect(customer.getByRole('alert')).toHaveText('Please choose a video file (WebM, MP4, MOV or Ogg).');

  // Renamed to .mp4 it passes the browser's check; the server reads the content and refuses it.
  await customer.getByLabel('Upload a video').setInputFiles({
    name: 'clip.mp4',
    mimeType: 'video/mp4',
    buffer: Buffer.from('still not a video, just text\n'.repeat(10)),
  });
  await customer.getByRole('radio', { name: '4 stars' }).click();
  await customer.getByRole('button', { name: 'Submit review' }).click();
  await expect(customer.getByRole('alert')).toContainText('not a supported video');
  await expect(customer.getByRole('button', { name: 'Submit review' })).toBeEnabled();
  expect((await ownerReviews(page)).length).toBe(0);
  await customer.context().close();
});

test('the review page, its thank-you view and the invalid-link page have no serious accessibility issues', async ({
  page,
  client,
  browser,
}) => {
  void client;
  const { link } = await arrangeRequest(page);
  const customer = await customerPage(browser);
  const seriousIssues = async () =>
    (await new AxeBuilder({ page: customer }).analyze()).violations
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`);

  await customer.goto(`/review/${link}`);
  await expect(customer.getByRole('radiogroup')).toBeVisible({ timeout: 20_000 });
  expect(await seriousIssues()).toEqual([]);

  // Keyboard only: tab to the stars, arrow to 3, then submit.
  await customer.getByRole('radio', { name: '1 star' }).focus();
  await customer.keyboard.press('ArrowRight');
  await customer.keyboard.press('ArrowRight');
  await expect(customer.getByRole('radio', { name: '3 stars' })).toBeFocused();
  await expect(customer.getByRole('radio', { name: '3 stars' })).toHaveAttribute('aria-checked', 'true');
  await customer.getByRole('button', { name: 'Submit review' }).click();
  await expect(customer.getByRole('heading', { name: 'Thank you, Sam!' })).toBeVisible();
  expect(await seriousIssues()).toEqual([]);

  const invalid = await customer.request.get('/api/public/review/not-a-real-link');
  expect(invalid.status()).toBe(404);
  await customer.goto('/review/not-a-real-link');
  await expect(customer.getByRole('heading', { name: 'This review link is not valid' })).toBeVisible();
  expect(await seriousIssues()).toEqual([]);
  await customer.context().close();
});
