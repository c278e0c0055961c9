import { randomBytes } from 'node:crypto';
import type { APIRequestContext, Browser, Page } from '@playwright/test';
import { admin, expect, signInViaApi, test } from './fixtures';

/**
 * The production Content Security Policy (helmet in server/app.ts: script-src 'self', no inline scripts) holds
 * on every screen of client/src/app/routes.ts, and text people type (contacts, public reviews) is shown as text.
 */

const DEMO_EMAIL = 'demo@reviewflow.test';
const XSS_CONTACT = '<img src=x onerror="window.__xss=1">';
const XSS_REVIEW = '<script>window.__xss=1</script><b>bold</b>';

interface Watched {
  page: Page;
  console: string[];
}

/** Records CSP violations: the console's reports and the DOM's securitypolicyviolation events. */
async function watchCsp(page: Page): Promise<Watched> {
  const messages: string[] = [];
  page.on('console', (message) => {
    if (message.text().includes('Content Security Policy')) messages.push(message.text());
  });
  await page.addInitScript(() => {
    const w = window as unknown as { __cspViolations: string[] };
    w.__cspViolations = [];
    document.addEventListener('securitypolicyviolation', (event) => {
      w.__cspViolations.push(`${event.violatedDirective} ${event.blockedURI} ${event.sample}`);
    });
  });
  return { page, console: messages };
}

async function expectNoViolations(watched: Watched, screen: string): Promise<void> {
  const events = await watched.page.evaluate(
    () => (window as unknown as { __cspViolations?: string[] }).__cspViolations ?? ['init script missing'],
  );
  expect([...watched.console, ...events], `CSP violations on ${screen}`).toEqual([]);
}

/** Opens a screen, waits for its h1 (by name when given) and for the page to settle, then checks the CSP. */
async function walk(watched: Watched, path: string, heading?: string | RegExp): Promise<void> {
  const { page } = watched;
  await page.goto(path);
  const h1 = page.getByRole('heading', { level: 1, ...(heading ? { name: heading } : {}) });
  await expect(h1.first(), `h1 on ${path}`).toBeVisible();
  await page.waitForLoadState('networkidle');
  await expectNoViolations(watched, path);
}

interface Arranged {
  publicLink: string;
  requestLink: string;
}

/** As the signed-in client, through the API: a location, a contact, a review request and a public review. */
async function arrangeData(request: APIRequestContext, contactName = 'Sam Rivera'): Promise<Arranged> {
  const tag = randomBytes(3).toString('hex');
  const location = await request.post('/api/locations', {
    data: { name: `Quay Street ${tag}`, address: '1 Quay Street' },
  });
  expect(location.status(), await location.text()).toBe(201);
  const { id: locationId, publicLink } = (await location.json()) as { id: number; publicLink: string };
  const contact = await request.post('/api/contacts', {
    data: { name: contactName, email: `sam-${tag}@example.com` },
  });
  expect(contact.status(), await contact.text()).toBe(201);
  const sent = await request.post('/api/review-requests', {
    data: { locationId, contactId: ((await contact.json()) as { id: number }).id, method: 'email' },
  });
  expect(sent.status(), await sent.text()).toBe(201);
  return { publicLink, requestLink: ((await sent.json()) as { uniqueLink: string }).uniqueLink };
}

async function submitPublicReview(request: APIRequestContext, link: string, text: string): Promise<void> {
  const res = await request.post(`/api/public/review/${link}`, {
    data: { rating: 2, content: text, name: text },
  });
  expect(res.status(), await res.text()).toBe(200);
}

async function adminPage(browser: Browser): Promise<Page> {
  const context = await browser.newContext();
  const page = await context.newPage();
  await signInViaApi(page, admin);
  return page;
}

async function clientIdByEmail(page: Page, email: string): Promise<number> {
  const res = await page.request.get(`/api/admin/clients?q=${encodeURIComponent(email)}`);
  expect(res.status()).toBe(200);
  const rows = (await res.json()) as { id: number; email: string }[];
  const row = rows.find((r) => r.email === email);
  expect(row, `client ${email}`).toBeTruthy();
  return row!.id;
}

test.describe('security', () => {
  test.describe.configure({ timeout: 150_000 });

  test('the SPA index carries the CSP, nosniff and frame-ancestors none', async ({ request }) => {
    for (const path of ['/', '/reviews', '/review/xyz']) {
      const res = await request.get(path);
      expect(res.status()).toBe(200);
      const headers = res.headers();
      const csp = headers['content-security-policy'] ?? '';
      const scriptSrc = /(?:^|;)\s*script-src ([^;]*)/.exec(csp)?.[1] ?? '';
      expect(scriptSrc.trim(), path).toBe("'self'");
      expect(csp).not.toContain('unsafe-eval');
      expect(csp).toMatch(/(?:^|;)\s*frame-ancestors 'none'/);
      expect(headers['x-content-type-options']).toBe('nosniff');
    }
  });

  test('every public screen renders under the CSP', async ({ page, client, browser }) => {
    expect(client.email).toBeTruthy();
    const { publicLink } = await arrangeData(page.request);
    // A visitor with no session.
    const visitor = await watchCsp(await (await browser.newContext()).newPage());

    await walk(visitor, '/');
    await walk(visitor, '/auth');
    await walk(visitor, '/privacy-policy', /Privacy/i);
    await walk(visitor, '/terms-of-service', /Terms/i);
    await walk(visitor, '/help');
    await walk(visitor, '/oauth-error');
    await walk(visitor, `/review/${publicLink}`, client.companyName);
    await walk(visitor, '/review/xyz', 'This review link is not valid');
  });

  test('every client screen renders under the CSP, dialogs included', async ({ page, client, browser }) => {
    const { requestLink } = await arrangeData(page.request);
    await submitPublicReview(page.request, requestLink, 'Waited a while but the coffee was good');
    // A plan to check out, made by the admin.
    const plan = await (
      await adminPage(browser)
    ).request.post('/api/admin/plans', {
      data: {
        name: `Security ${randomBytes(3).toString('hex')}`,
        priceCents: 1950,
        currency: 'usd',
        reviewRequestLimit: 100,
        locationsLimit: 2,
        features: ['Email requests'],
      },
    });
    expect(plan.status(), await plan.text()).toBe(201);
    const planId = ((await plan.json()) as { id: number }).id;
    const watched = await watchCsp(page);
    expect(client.email).toBeTruthy();

    await walk(watched, '/dashboard', 'Dashboard');
    await walk(watched, '/reviews', 'Reviews');
    await page.getByRole('table').getByRole('button', { name: /^View/ }).first().click();
    await expect(page.getByRole('dialog', { name: 'Review Details' })).toBeVisible();
    await expect(page.getByText('Waited a while but the coffee was good').first()).toBeVisible();
    await expectNoViolations(watched, 'the Review Details dialog');

    await walk(watched, '/contacts', 'Contacts');
    await walk(watched, '/templates', 'Templates');
    await walk(watched, '/settings', 'Settings');
    await walk(watched, '/integrations', 'Settings');
    await walk(watched, '/plans', 'Settings');
    await walk(watched, `/checkout/${planId}`, 'Checkout');
    await walk(watched, '/subscribe', 'Subscribe');
    await walk(watched, '/system-test', 'System Test');
    await walk(watched, '/optimized-reviews', 'Review Insights');
    await walk(watched, '/email-test', 'Email Test');
    await walk(watched, '/review-preview', 'Review Preview');
    await walk(watched, '/debug', 'Debug');
    await walk(watched, '/get-reviews', 'Get Reviews');
    await page.getByRole('button', { name: 'Send Review Requests' }).click();
    await expect(page.getByRole('dialog', { name: 'Send Review Request' })).toBeVisible();
    await page.waitForLoadState('networkidle');
    await expectNoViolations(watched, 'the Send Review Request dialog');
  });

  test('every admin screen renders under the CSP, inside the demo client too', async ({ browser }) => {
    const page = await adminPage(browser);
    const demoId = await clientIdByEmail(page, DEMO_EMAIL);
    const watched = await watchCsp(page);

    await walk(watched, '/admin', 'Admin Dashboard');
    await walk(watched, '/admin/clients', 'Clients');
    await walk(watched, '/admin/plans', 'Plans');
    await walk(watched, '/admin/email-test', 'Email Testing');
    const base = `/admin/client/${demoId}`;
    await walk(watched, base, 'Dashboard');
    await walk(watched, `${base}/reviews`, 'Reviews');
    await page.getByRole('table').getByRole('button', { name: /^View/ }).first().click();
    await expect(page.getByRole('dialog', { name: 'Review Details' })).toBeVisible();
    await expectNoViolations(watched, 'the admin Review Details dialog');
    await walk(watched, `${base}/contacts`, 'Contacts');
    await walk(watched, `${base}/templates`, 'Templates');
    await walk(watched, `${base}/settings`, 'Settings');
    await walk(watched, `${base}/integrations`, 'Settings');
    await walk(watched, `${base}/get-reviews`, 'Get Reviews');
  });

  test('names and reviews typed by people are shown as text, never run as HTML', async ({
    page,
    client,
    browser,
  }) => {
    const { publicLink } = await arrangeData(page.request, XSS_CONTACT);
    await submitPublicReview(page.request, publicLink, XSS_REVIEW);

    async function expectInert(p: Page, screen: string) {
      await p.waitForLoadState('networkidle');
      const state = await p.evaluate(() => ({
        xss: (window as unknown as { __xss?: unknown }).__xss,
        bold: [...document.querySelectorAll('b')].filter((b) => b.textContent === 'bold').length,
        scripts: [...document.querySelectorAll('script')].filter((s) => s.textContent?.includes('__xss'))
          .length,
        images: document.querySelectorAll('img[src="x"]').length,
      }));
      expect(state, screen).toEqual({ xss: undefined, bold: 0, scripts: 0, images: 0 });
    }

    await page.goto('/contacts');
    await expect(page.getByText(XSS_CONTACT, { exact: true }).first()).toBeVisible();
    await expectInert(page, '/contacts');

    await page.goto('/reviews');
    await expect(page.getByText(XSS_REVIEW, { exact: true }).first()).toBeVisible();
    await expectInert(page, '/reviews');
    await page.getByRole('table').getByRole('button', { name: /^View/ }).first().click();
    const dialog = page.getByRole('dialog', { name: 'Review Details' });
    await expect(dialog.getByText(XSS_REVIEW, { exact: true }).first()).toBeVisible();
    await expectInert(page, 'the Review Details dialog');

    await page.goto('/dashboard');
    await expect(page.getByText(XSS_REVIEW, { exact: true }).first()).toBeVisible();
    await expectInert(page, '/dashboard');

    const adminView = await adminPage(browser);
    const clientId = await clientIdByEmail(adminView, client.email);
    await adminView.goto(`/admin/client/${clientId}/reviews`);
    await expect(adminView.getByText(XSS_REVIEW, { exact: true }).first()).toBeVisible();
    await expectInert(adminView, 'the admin reviews screen');
  });
});
