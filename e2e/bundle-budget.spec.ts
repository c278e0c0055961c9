import { gzipSync } from 'node:zlib';
import { request, type Browser, type Page, type Response } from '@playwright/test';
import { admin, expect, test } from './fixtures';
import { ADMIN_SCREENS, DEMO, OWNER_SCREENS } from './screens';

/**
 * The JavaScript each screen's first load fetches, measured as the browser loads it (issue 43, "Light"): a
 * cold cache, the screen's URL typed in, every script response until the network has been quiet, each body
 * gzipped at level 9 as scripts/precompress.mjs writes the .gz copies the server hands out. Under 150 KB per
 * screen, and hardly any script file under 1 KB (each costs a request for almost nothing). The review page
 * and the widget keep their own budgets in scripts/check-bundle-budget.ts, which checks the build before
 * the browsers start (docs/decisions/014-first-load-measured-in-the-browser.md).
 */

const KB = 1024;
/** Issue 13's and issue 43's target for any screen's first load, gzipped. */
const FIRST_LOAD_LIMIT = 150 * KB;
/** A script this small (as served, before compression) is a request for almost nothing. */
const TINY_FILE_BYTES = 1024;
/**
 * The tiny scripts a screen may load, at most two: the app's entry, 45 bytes that start the main chunk (the HTML
 * preloads that chunk, so it costs no round trip), the landing page's theme script, or a lazy module whose own
 * code is that small (the admin weekly chart). Before vite.config.ts copied small common chunks into their
 * importers, /dashboard fetched 40 files under 1 KB out of 62.
 */
const TINY_FILES_ALLOWED = 2;

const WIDTHS = [
  { width: 375, height: 800 },
  { width: 1440, height: 900 },
] as const;

type Role = 'signed out' | 'owner' | 'admin';
type StorageState = Awaited<ReturnType<Awaited<ReturnType<typeof request.newContext>>['storageState']>>;

interface Script {
  url: string;
  bytes: number;
  gzip: number;
}

interface FirstLoad {
  scripts: Script[];
  /** What the page asks the browser to fetch when idle, for a next page (`<link rel="prefetch">`). */
  prefetched: Script[];
}

const SCREENS: { path: string; role: Role }[] = [
  { path: '/', role: 'signed out' },
  { path: '/auth', role: 'signed out' },
  ...OWNER_SCREENS.map((path) => ({ path, role: 'owner' as const })),
  ...ADMIN_SCREENS.map((path) => ({ path, role: 'admin' as const })),
];

let sessions: Promise<Record<Role, StorageState | undefined>> | undefined;

async function storageStateOf(baseURL: string, credentials: { email: string; password: string }) {
  const context = await request.newContext({ baseURL });
  const res = await context.post('/api/login', { data: credentials });
  expect(res.status(), await res.text()).toBe(200);
  const state = await context.storageState();
  await context.dispose();
  return state;
}

/** Once per worker: a signed-in owner's and admin's cookies, which each cold-cache context starts from. */
async function signIn(baseURL: string): Promise<Record<Role, StorageState | undefined>> {
  return {
    'signed out': undefined,
    owner: await storageStateOf(baseURL, DEMO),
    admin: await storageStateOf(baseURL, admin),
  };
}

/**
 * Waits until the screen has drawn its heading and then the network has been quiet for 750 ms with nothing in
 * flight: the lazy page module, its data, and what it imports once the data arrives have all come. Polling
 * (the notification bell) asks far less often than that.
 */
async function untilQuiet(page: Page, inFlight: () => number, lastActivity: () => number) {
  await expect(page.locator('h1, h2').first()).toBeVisible();
  const deadline = Date.now() + 15_000;
  while (Date.now() < deadline) {
    if (inFlight() === 0 && Date.now() - lastActivity() >= 750) return;
    await page.waitForTimeout(100);
  }
}

/** A script the page runs (a module, a modulepreload), or one it prefetches for the next page. */
const isScript = (response: Response) =>
  response.request().resourceType() === 'script' || new URL(response.url()).pathname.endsWith('.js');

/** One cold-cache load of a screen at a width, as a visitor typing its address. */
async function firstLoad(
  browser: Browser,
  path: string,
  viewport: { width: number; height: number },
  storageState: StorageState | undefined,
): Promise<FirstLoad> {
  const context = await browser.newContext({ storageState, viewport });
  const page = await context.newPage();
  const bodies: Promise<{ script: Script; prefetch: boolean } | null>[] = [];
  let inFlight = 0;
  let lastActivity = Date.now();
  page.on('request', () => {
    inFlight += 1;
    lastActivity = Date.now();
  });
  const settled = () => {
    inFlight -= 1;
    lastActivity = Date.now();
  };
  page.on('requestfinished', settled);
  page.on('requestfailed', settled);
  page.on('response', (response) => {
    if (!isScript(response) || response.status() !== 200) return;
    // Chromium names a `<link rel="prefetch">` fetch 'other': the landing page's prefetch of the app.
    const prefetch = response.request().resourceType() !== 'script';
    bodies.push(
      response
        .body()
        .then((body) => ({
          script: {
            url: new URL(response.url()).pathname,
            bytes: body.length,
            gzip: gzipSync(body, { level: 9 }).length,
          },
          prefetch,
        }))
        .catch(() => null),
    );
  });
  await page.goto(path);
  await untilQuiet(
    page,
    () => inFlight,
    () => lastActivity,
  );
  const measured = (await Promise.all(bodies)).filter((entry) => entry !== null);
  await context.close();
  return {
    scripts: measured.filter((entry) => !entry.prefetch).map((entry) => entry.script),
    prefetched: measured.filter((entry) => entry.prefetch).map((entry) => entry.script),
  };
}

const kb = (bytes: number) => `${(bytes / KB).toFixed(1)} KB`;
const total = (scripts: Script[]) => scripts.reduce((sum, script) => sum + script.gzip, 0);

for (const { path, role } of SCREENS) {
  test(`${path} (${role}): its first load at 375 and 1440 px is under ${FIRST_LOAD_LIMIT / KB} KB of gzipped JavaScript in few tiny files`, async ({
    browser,
    baseURL,
  }) => {
    sessions ??= signIn(baseURL!);
    const storageState = (await sessions)[role];
    const rows: string[] = [];
    for (const viewport of WIDTHS) {
      const { scripts, prefetched } = await firstLoad(browser, path, viewport, storageState);
      const size = total(scripts);
      const tiny = scripts.filter((script) => script.bytes < TINY_FILE_BYTES);
      rows.push(
        [
          path.padEnd(28),
          `${viewport.width} px`.padStart(7),
          kb(size).padStart(9),
          `${scripts.length} files`.padStart(9),
          `${tiny.length} under 1 KB`.padStart(13),
          prefetched.length > 0 ? `  (then ${kb(total(prefetched))} prefetched when idle)` : '',
        ].join('  '),
      );
      expect(scripts.length, `${path} at ${viewport.width} px loaded no script`).toBeGreaterThan(0);
      expect
        .soft(
          size,
          `${path} at ${viewport.width} px: ${kb(size)} of gzipped JavaScript in ${scripts.length} files`,
        )
        .toBeLessThan(FIRST_LOAD_LIMIT);
      expect
        .soft(
          tiny.length,
          `${path} at ${viewport.width} px: script files under 1 KB: ` +
            tiny.map((script) => `${script.url} (${script.bytes} B)`).join(', '),
        )
        .toBeLessThanOrEqual(TINY_FILES_ALLOWED);
    }
    // The table (npx playwright test e2e/bundle-budget.spec.ts prints it): screen, width, gzipped JS, files.
    process.stdout.write(`${rows.join('\n')}\n`);
  });
}
