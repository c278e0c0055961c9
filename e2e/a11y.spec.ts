import AxeBuilder from '@axe-core/playwright';
import { request, type APIRequestContext, type Page } from '@playwright/test';
import { sticksOut } from './boxes';
import { admin, expect, test } from './fixtures';
import { ADMIN_SCREENS, DEMO, OWNER_SCREENS } from './screens';

/**
 * Every route of the app, in both themes, on a phone (375 px) and a desktop (1280 px): axe finds no
 * serious or critical violation (issue 15), and no control whose name leaves out its visible text (issue 44).
 * Each route × theme is its own test, so the suite spreads over the workers. Sessions are made once per worker and reused through the storage state, so the login rate limit is
 * never near.
 */

// The demo client's seeded data (server/seed/demo.ts): full lists exercise more markup than an empty account.

type Role = 'public' | 'client' | 'admin';
interface Route {
  path: string;
  role: Role;
}

const ROUTES: Route[] = [
  ...[
    '/',
    '/auth',
    '/auth?tab=register',
    '/privacy-policy',
    '/terms-of-service',
    '/help',
    '/oauth-error',
  ].map((path) => ({ path, role: 'public' as const })),
  { path: '/no-such-page', role: 'public' },
  { path: '/review/:link', role: 'public' },
  ...[
    ...OWNER_SCREENS,
    '/review-preview',
    '/email-test',
    '/system-test',
    '/debug',
    '/subscribe',
    '/checkout/:planId',
  ].map((path) => ({ path, role: 'client' as const })),
  ...[
    ...ADMIN_SCREENS,
    '/admin/client/:id',
    '/admin/client/:id/reviews',
    '/admin/client/:id/get-reviews',
    '/admin/client/:id/contacts',
    '/admin/client/:id/templates',
    '/admin/client/:id/settings',
  ].map((path) => ({ path, role: 'admin' as const })),
];

const THEMES = ['light', 'dark'] as const;
const WIDTHS = [
  { name: 'phone', width: 375, height: 800 },
  { name: 'desktop', width: 1280, height: 900 },
] as const;

/**
 * The WCAG 2.1 A and AA rules, and one of axe's experimental rules (off unless named): a control's name must
 * contain its visible text (WCAG 2.5.3 Label in Name, issue 44). Named in `rules` rather than by adding the
 * 'experimental' tag, which would also turn on the best-practice experiments. `runOnly` and `rules` are given
 * in one `options` call: AxeBuilder#options replaces whatever withTags set before it.
 */
function axe(page: Page) {
  return new AxeBuilder({ page }).options({
    runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] },
    rules: { 'label-content-name-mismatch': { enabled: true } },
  });
}

/** Rules that fail the sweep whatever impact axe gives them; any other rule fails it when serious or critical. */
const ALWAYS_FAIL = new Set(['label-content-name-mismatch', 'aria-hidden-focus']);

function failsTheSweep(violation: { id: string; impact?: string | null }): boolean {
  return ALWAYS_FAIL.has(violation.id) || violation.impact === 'serious' || violation.impact === 'critical';
}

interface Sessions {
  client: Awaited<ReturnType<APIRequestContext['storageState']>>;
  admin: Awaited<ReturnType<APIRequestContext['storageState']>>;
  params: Record<string, string>;
}

let sessions: Promise<Sessions> | undefined;

// A full page's axe pass (the dashboard's charts, the demo's long lists) takes seconds on a busy machine.

async function signedIn(baseURL: string, credentials: { email: string; password: string }) {
  const context = await request.newContext({ baseURL });
  const res = await context.post('/api/login', { data: credentials });
  expect(res.status(), await res.text()).toBe(200);
  return context;
}

/** Once per worker: a demo-client session, an admin session and the ids the parameterised routes need. */
async function arrange(baseURL: string): Promise<Sessions> {
  const client = await signedIn(baseURL, DEMO);
  const adminApi = await signedIn(baseURL, admin);

  const requests = await client.get('/api/review-requests?page=1&pageSize=1');
  expect(requests.status()).toBe(200);
  let link = ((await requests.json()) as { uniqueLink: string }[])[0]?.uniqueLink;
  if (!link) {
    const locations = (await (await client.get('/api/locations')).json()) as { id: number }[];
    const contact = await client.post('/api/contacts', {
      data: { name: 'Axe Check', email: 'axe@example.com' },
    });
    const created = await client.post('/api/review-requests', {
      data: { locationId: locations[0]!.id, contactId: (await contact.json()).id, method: 'email' },
    });
    link = (await created.json()).uniqueLink as string;
  }

  const clients = await adminApi.get(
    `/api/admin/clients?q=${encodeURIComponent(DEMO.email)}&page=1&pageSize=1`,
  );
  const id = String(((await clients.json()) as { id: number }[])[0]!.id);
  const plans = (await (await client.get('/api/plans')).json().catch(() => [])) as { id: number }[];
  const planId = String(Array.isArray(plans) && plans[0] ? plans[0].id : 1);

  const state = {
    client: await client.storageState(),
    admin: await adminApi.storageState(),
    params: { link: link ?? 'missing', id, planId },
  };
  await client.dispose();
  await adminApi.dispose();
  return state;
}

function fill(path: string, params: Record<string, string>): string {
  return path.replace(/:(\w+)/g, (_, name: string) => params[name] ?? name);
}

async function settle(page: Page) {
  // Lazy chunks and first queries: wait until the network is quiet (polling pages are never quiet for long).
  await page.waitForLoadState('networkidle', { timeout: 10_000 }).catch(() => {});
  await expect(page.locator('h1, h2').first()).toBeVisible();
}

/** Lets a resize's layout and the renders it causes (charts measure their box) finish before axe reads the page. */
async function afterLayout(page: Page) {
  await page.evaluate(
    () => new Promise<void>((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => resolve()))),
  );
  // A menu or dialog fades in (150 ms): axe measures colour contrast on what is painted, so a check made while
  // it is still half transparent fails or passes by timing. Wait for every finite animation to end.
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((animation) => animation.effect?.getTiming().iterations !== Infinity)
        .map((animation) => animation.finished.catch(() => undefined)),
    ),
  );
}

// One page load per route and theme: the phone's check, then the same page widened to a desktop and checked
// again (the layout is CSS media queries and resize listeners), which halves the loads the sweep waits on.
for (const route of ROUTES) {
  for (const theme of THEMES) {
    test(`${route.path} (${route.role}, ${theme}): no serious or critical axe violation, nothing over a card's edge, on a phone or a desktop`, async ({
      browser,
      baseURL,
    }) => {
      sessions ??= arrange(baseURL!);
      const arranged = await sessions;
      const context = await browser.newContext({
        baseURL: baseURL!,
        viewport: { width: WIDTHS[0].width, height: WIDTHS[0].height },
        storageState: route.role === 'public' ? undefined : arranged[route.role],
        // lib/theme.tsx reads the stored choice; no stored choice is light.
        colorScheme: theme,
      });
      await context.addInitScript((value) => window.localStorage.setItem('theme', value), theme);
      const page = await context.newPage();

      await page.goto(fill(route.path, arranged.params));
      await settle(page);
      const serious: Record<string, unknown[]> = {};
      const overEdges: Record<string, string[]> = {};
      for (const size of WIDTHS) {
        await page.setViewportSize({ width: size.width, height: size.height });
        await afterLayout(page);
        const results = await axe(page).analyze();
        serious[size.name] = results.violations.filter(failsTheSweep).map((v) => ({
          id: v.id,
          impact: v.impact,
          help: v.help,
          nodes: v.nodes.slice(0, 5).map((n) => `${n.target.join(' ')}: ${n.failureSummary ?? ''}`),
        }));
        overEdges[size.name] = await sticksOut(page);
      }
      await context.close();
      expect(serious, JSON.stringify(serious, null, 2)).toEqual({ phone: [], desktop: [] });
      expect(overEdges).toEqual({ phone: [], desktop: [] });
    });
  }
}

/**
 * The header's two menus open (issue 44): a modal menu hid the page behind it with aria-hidden while the page's
 * links and buttons stayed focusable, so axe's aria-hidden-focus must find nothing; the rest of the sweep's
 * rules run too, on the open menu's markup the sweep above never sees. On a phone and a desktop: the header
 * differs (the menu button, the user's name).
 */
test('/dashboard (client): with the bell menu or the user menu open, nothing focusable is inside aria-hidden content and no other violation', async ({
  browser,
  baseURL,
}) => {
  sessions ??= arrange(baseURL!);
  const arranged = await sessions;
  const context = await browser.newContext({ baseURL: baseURL!, storageState: arranged.client });
  const page = await context.newPage();
  await page.goto('/dashboard');
  await settle(page);

  const menus = {
    bell: page.getByRole('button', { name: /^Notifications/ }),
    user: page.getByRole('button', { name: /user menu/i }),
  };
  const found: Record<string, unknown[]> = {};
  for (const size of WIDTHS) {
    await page.setViewportSize({ width: size.width, height: size.height });
    await afterLayout(page);
    for (const [name, button] of Object.entries(menus)) {
      await button.click();
      await expect(page.getByRole('menu')).toBeVisible();
      await afterLayout(page);
      const results = await axe(page).analyze();
      found[`${size.name}, ${name} menu open`] = results.violations.filter(failsTheSweep).map((v) => ({
        id: v.id,
        impact: v.impact,
        help: v.help,
        nodes: v.nodes.slice(0, 8).map((n) => `${n.target.join(' ')}: ${n.html.slice(0, 160)}`),
      }));
      await page.keyboard.press('Escape');
      await expect(page.getByRole('menu')).toBeHidden();
    }
  }
  await context.close();
  expect(found, JSON.stringify(found, null, 2)).toEqual({
    'phone, bell menu open': [],
    'phone, user menu open': [],
    'desktop, bell menu open': [],
    'desktop, user menu open': [],
  });
});
