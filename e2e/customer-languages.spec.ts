import { gzipSync } from 'node:zlib';
import type { Browser, Page } from '@playwright/test';
import { randomBytes } from 'node:crypto';
import { admin, expect, signInViaApi, test } from './fixtures';

/*
 * Issue 45: the customer reads the review page and their messages in their language: the contact's, else the
 * location's default, else the browser's; right to left for Arabic; a switch on the page; one language's
 * words downloaded, within the page's budget.
 */

const PHONE = { width: 375, height: 800 };
const KB = 1024;
const REVIEW_PAGE_BUDGET = 60 * KB;

/** A location (no default language) and its permanent QR link, as the signed-in owner. */
async function locationLink(page: Page, data: Record<string, unknown> = {}): Promise<string> {
  const res = await page.request.post('/api/locations', {
    data: {
      name: `Quay ${randomBytes(3).toString('hex')}`,
      googleReviewUrl: 'https://g.page/r/e2e/review',
      ...data,
    },
  });
  expect(res.status(), await res.text()).toBe(201);
  return (await res.json()).publicLink as string;
}

/** A customer's phone whose browser asks for `locale` first (Accept-Language and navigator.languages). */
async function customerPhone(browser: Browser, locale: string): Promise<Page> {
  const context = await browser.newContext({ viewport: PHONE, locale });
  return context.newPage();
}

test('a German browser gets the page in German, and the JavaScript it downloads stays within budget', async ({
  page,
  browser,
  client,
}) => {
  expect(client.email).toBeTruthy();
  const link = await locationLink(page);
  const customer = await customerPhone(browser, 'de-DE');
  const scripts: Promise<number>[] = [];
  customer.on('response', (response) => {
    if (response.request().resourceType() === 'script')
      scripts.push(response.body().then((body) => gzipSync(body, { level: 9 }).length));
  });

  await customer.goto(`/review/${link}`);

  await expect(customer.getByRole('heading', { name: 'Wie war Ihre Erfahrung?' })).toBeVisible();
  await expect(customer.locator('html')).toHaveAttribute('lang', 'de');
  await expect(customer.getByRole('button', { name: 'Bewertung senden' })).toBeVisible();
  await expect(customer).toHaveTitle(/– Bewertung abgeben$/);
  await customer.waitForLoadState('networkidle');
  const total = (await Promise.all(scripts)).reduce((sum, n) => sum + n, 0);
  expect(total, `${(total / KB).toFixed(1)} KB of gzipped JavaScript`).toBeLessThan(REVIEW_PAGE_BUDGET);

  // A German review, sent and thanked for in German.
  await customer.getByRole('radio', { name: '4 Sterne' }).click();
  await customer.getByRole('button', { name: 'Bewertung senden' }).click();
  await expect(customer.getByRole('heading', { name: 'Vielen Dank!' })).toBeVisible();
  await expect(customer.getByRole('link', { name: /Auf Google veröffentlichen/ })).toBeVisible();
  await customer.context().close();
});

test('an Arabic browser gets the page right to left, and the customer switches it to Italian', async ({
  page,
  browser,
  client,
}) => {
  expect(client.email).toBeTruthy();
  const link = await locationLink(page);
  const customer = await customerPhone(browser, 'ar-EG');

  await customer.goto(`/review/${link}`);

  await expect(customer.getByRole('heading', { name: 'كيف كانت تجربتك؟' })).toBeVisible();
  await expect(customer.locator('html')).toHaveAttribute('dir', 'rtl');
  // Laid out right to left: the business's badge sits right of its name, the first star rightmost.
  const badge = await customer.locator('header [aria-hidden="true"]').first().boundingBox();
  const name = await customer.getByRole('heading', { level: 1 }).boundingBox();
  expect(badge!.x).toBeGreaterThan(name!.x);
  const first = await customer.getByRole('radio', { name: 'نجمة واحدة' }).boundingBox();
  const fifth = await customer.getByRole('radio', { name: '5 نجوم' }).boundingBox();
  expect(first!.x).toBeGreaterThan(fifth!.x);

  await customer.getByRole('combobox', { name: 'اللغة' }).selectOption('it');

  await expect(customer.getByRole('heading', { name: 'Com’è stata la tua esperienza?' })).toBeVisible();
  await expect(customer.locator('html')).toHaveAttribute('dir', 'ltr');
  await expect(customer).toHaveURL(/[?&]lang=it\b/);
  // The choice survives a reload.
  await customer.reload();
  await expect(customer.getByRole('heading', { name: 'Com’è stata la tua esperienza?' })).toBeVisible();
  await customer.context().close();
});

test("a contact saved as German is written to in German, and their page is German whatever their browser's language", async ({
  page,
  browser,
  client,
}) => {
  const tag = randomBytes(3).toString('hex');
  const email = `jonas-${tag}@example.com`;
  await locationLink(page, { name: `Markt ${tag}` });

  // The owner saves the contact's language in the contact form.
  await page.goto('/contacts');
  await page.getByRole('button', { name: 'Add contact' }).first().click();
  const dialog = page.getByRole('dialog', { name: 'Add contact' });
  await dialog.getByLabel('Name').fill('Jonas Weber');
  await dialog.getByRole('textbox', { name: 'Email' }).fill(email);
  await dialog.getByLabel('Language (optional)').selectOption('de');
  await dialog.getByRole('button', { name: 'Add contact' }).click();
  await expect(dialog).toBeHidden();

  const contacts = await (await page.request.get('/api/contacts')).json();
  const jonas = (contacts as { id: number; email: string; language: string }[]).find(
    (c) => c.email === email,
  )!;
  expect(jonas.language).toBe('de');
  const locations = (await (await page.request.get('/api/locations')).json()) as { id: number }[];
  const request = await page.request.post('/api/review-requests', {
    data: { locationId: locations[0]!.id, contactId: jonas.id, method: 'email' },
  });
  expect(request.status(), await request.text()).toBe(201);
  const uniqueLink = (await request.json()).uniqueLink as string;

  // No SMTP on this server: the email is kept in the outbox, which the admin reads.
  const adminPage = await browser.newPage();
  await signInViaApi(adminPage, admin);
  await expect
    .poll(
      async () => {
        const outbox = (await (
          await adminPage.request.get('/api/admin/outbox?pageSize=100&channel=email')
        ).json()) as {
          recipient: string;
          subject: string | null;
          body: string;
        }[];
        return outbox.find((m) => m.recipient === email);
      },
      { timeout: 30_000 },
    )
    .toMatchObject({
      subject: `Wie war Ihr Besuch bei ${client.companyName}?`,
      body: expect.stringContaining('Hallo Jonas,'),
    });
  await adminPage.close();

  const customer = await customerPhone(browser, 'fr-FR');
  await customer.goto(`/review/${uniqueLink}`);
  await expect(customer.getByText('Hallo Jonas,')).toBeVisible();
  await customer.context().close();
});
