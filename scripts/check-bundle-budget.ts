/**
 * Fails the end-to-end run (npm run test:e2e, after the build, before the browsers start) when the public
 * review page, the page a customer opens on a phone, loads more JavaScript than its budget or pulls in a part
 * of the app it must not carry; when the first render of /, /auth or /dashboard pulls in what only an
 * interaction needs (issue 13) or the landing page gets a framework back; or when the website widget's script
 * outgrows its own budget (issue 16). Read from the build (bench/bundle-sizes.ts): the page's scripts and
 * everything they import statically, plus the route's lazy page modules, gzipped.
 *
 * Each screen's whole first load, as the browser fetches it (what the first render loads next, what its data
 * brings), is measured in the browser: e2e/bundle-budget.spec.ts, under 150 KB (issue 43;
 * docs/decisions/014-first-load-measured-in-the-browser.md).
 *
 *   npx tsx scripts/check-bundle-budget.ts [dist/public]
 */
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { measureBundles, measurePage } from '../bench/bundle-sizes';
import { LANGUAGES } from '../shared/i18n/languages';
import { WIDGET_BUDGET_BYTES, widgetProblems } from './widget-budget';

const KB = 1024;
/**
 * Issue 13's target. React 19 and react-dom alone are about 66 KB gzipped, so the page renders with Preact
 * (preact/compat, aliased in its own build pass: vite.review-page.config.ts) and loads about 30 KB; the budget
 * is the issue's figure (docs/decisions/004-public-review-page-entry.md).
 */
const REVIEW_PAGE_BUDGET = 60 * KB;

/** What the page must never load, whatever its size: each one means the app's code leaked in. */
const FORBIDDEN: { pattern: RegExp; what: string }[] = [
  {
    pattern: /node_modules\/(react|react-dom)\//,
    what: 'React (the page renders with Preact: is it still built by vite.review-page.config.ts, with its aliases?)',
  },
  { pattern: /node_modules\/zod\//, what: 'zod (a shared schema imported for more than its constants?)' },
  { pattern: /node_modules\/@tanstack\//, what: "react-query (the app's data library)" },
  { pattern: /node_modules\/wouter\//, what: "wouter (the app's router)" },
  { pattern: /node_modules\/@radix-ui\/react-(?!slot|compose-refs)/, what: 'a Radix widget of the app' },
  { pattern: /client\/src\/app\//, what: 'the app layer (client/src/app)' },
  { pattern: /client\/src\/lib\/(api-client|query-client)\.ts/, what: "the app's API client" },
];

/**
 * The landing page is finished HTML whose one script applies the saved theme (0.2 KB;
 * docs/decisions/011-landing-page-prerendered.md): no framework may come back. The app's screens are held to
 * 150 KB as the browser loads them (e2e/bundle-budget.spec.ts); here their first render is only printed.
 */
const FIRST_RENDER_BUDGETS: Record<string, number | undefined> = {
  '/': 1 * KB,
  '/auth': undefined,
  '/dashboard': undefined,
};

/**
 * What the first render of a route must not carry: code only an interaction needs, loaded on that interaction
 * (a dialog, a menu, a toast), and zod, which a form loads when first focused (lib/lazy-zod-resolver.ts).
 */
const FIRST_RENDER_FORBIDDEN: { routes: string[]; pattern: RegExp; what: string }[] = [
  {
    routes: ['/', '/auth', '/dashboard'],
    pattern: /node_modules\/zod\//,
    what: 'zod (a shared schema module imported for a constant or helper? move it to a zod-free module)',
  },
  {
    routes: ['/', '/auth', '/dashboard'],
    pattern: /node_modules\/@radix-ui\/react-(dialog|dropdown-menu|menu|popper|select|toast)\//,
    what: 'a Radix dialog, menu, select or toast (load it when it opens: React.lazy)',
  },
  {
    routes: ['/', '/auth', '/dashboard'],
    pattern: /node_modules\/(recharts|chart\.js|d3-[a-z-]+|victory[a-z-]*)\//,
    what: 'a charting library (the charts are plain SVG: client/src/components/charts)',
  },
];

/** The sources behind each built file, from its hidden source map (vite.config.ts: sourcemap 'hidden'). */
function sourcesOf(publicDir: string, file: string): string[] {
  const map = path.join(publicDir, `${file}.map`);
  if (!fs.existsSync(map)) return [];
  return (JSON.parse(fs.readFileSync(map, 'utf8')) as { sources: string[] }).sources;
}

function checkReviewPage(publicDir: string): string[] {
  if (!fs.existsSync(path.join(publicDir, 'review.html'))) {
    return [`${publicDir}/review.html is missing: the public review page is no longer its own entry.`];
  }
  const page = measurePage(publicDir, 'review.html');
  const scripts = page.files.filter((file) => file.endsWith('.js'));
  const size = `${(page.jsGzip / KB).toFixed(1)} KB`;
  const problems: string[] = [];
  if (scripts.length === 0)
    problems.push(
      'review.html loads no script: is it still the input of its build pass (vite.review-page.config.ts)?',
    );
  if (page.jsGzip > REVIEW_PAGE_BUDGET) {
    problems.push(
      `The public review page loads ${size} of gzipped JavaScript, over its budget of ` +
        `${REVIEW_PAGE_BUDGET / KB} KB (${scripts.length} files: ${scripts.join(', ')}).`,
    );
  }
  const leaks = new Map<string, string[]>();
  for (const file of scripts) {
    for (const source of sourcesOf(publicDir, file)) {
      const hit = FORBIDDEN.find(({ pattern }) => pattern.test(source));
      if (hit)
        leaks.set(hit.what, [
          ...(leaks.get(hit.what) ?? []),
          `${source.replace(/^(\.\.\/)+/, '')} in ${file}`,
        ]);
    }
  }
  for (const [what, where] of leaks) {
    problems.push(`The public review page loads ${what}: ${where.length} modules, first ${where[0]}.`);
  }
  process.stdout.write(
    `Public review page: ${size} gzipped JavaScript in ${scripts.length} files ` +
      `(budget ${REVIEW_PAGE_BUDGET / KB} KB).\n`,
  );
  return [...problems, ...checkReviewPageLanguages(publicDir)];
}

/**
 * A customer downloads the page and one language's words (English is in the page itself): each language's
 * total is held to the page's budget (issue 45).
 */
function checkReviewPageLanguages(publicDir: string): string[] {
  const problems: string[] = [];
  const sizes: string[] = [];
  for (const language of LANGUAGES.filter((l) => l !== 'en')) {
    const withWords = measurePage(publicDir, 'review.html', [
      `../shared/locales/${language}/review-page.json`,
    ]);
    sizes.push(`${language} ${(withWords.jsGzip / KB).toFixed(1)}`);
    if (withWords.jsGzip > REVIEW_PAGE_BUDGET)
      problems.push(
        `The public review page in ${language} loads ${(withWords.jsGzip / KB).toFixed(1)} KB of gzipped ` +
          `JavaScript, over its budget of ${REVIEW_PAGE_BUDGET / KB} KB.`,
      );
  }
  process.stdout.write(`Public review page with one language's words (KB): ${sizes.join(', ')}.\n`);
  return problems;
}

function checkFirstRenders(publicDir: string): string[] {
  const problems: string[] = [];
  for (const route of measureBundles(publicDir)) {
    if (!(route.route in FIRST_RENDER_BUDGETS)) continue;
    const budget = FIRST_RENDER_BUDGETS[route.route];
    const scripts = route.files.filter((file) => file.endsWith('.js'));
    const size = `${(route.jsGzip / KB).toFixed(1)} KB`;
    if (budget !== undefined && route.jsGzip > budget) {
      problems.push(
        `The first render of ${route.route} is ${size} of gzipped JavaScript, over its budget of ${budget / KB} KB.`,
      );
    }
    for (const { routes, pattern, what } of FIRST_RENDER_FORBIDDEN) {
      if (!routes.includes(route.route)) continue;
      const where = scripts.flatMap((file) =>
        sourcesOf(publicDir, file)
          .filter((source) => pattern.test(source))
          .map((source) => `${source.replace(/^(\.\.\/)+/, '')} in ${file}`),
      );
      if (where.length > 0) {
        problems.push(
          `The first render of ${route.route} carries ${what}: ${where.length} modules, first ${where[0]}.`,
        );
      }
    }
    process.stdout.write(
      `First render of ${route.route}: ${size} gzipped JavaScript in ${scripts.length} files` +
        (budget === undefined
          ? ' (the whole first load: e2e/bundle-budget.spec.ts).\n'
          : ` (budget ${budget / KB} KB).\n`),
    );
  }
  return problems;
}

/** The website widget other sites load (issue 16): under 15 KB gzipped, no review-snippet markup. */
function checkWidget(publicDir: string): string[] {
  const file = path.join(publicDir, 'widget.js');
  if (!fs.existsSync(file)) return [`${file} is missing: is scripts/build-widget.ts part of npm run build?`];
  const source = fs.readFileSync(file);
  const gzipped = zlib.gzipSync(source, { level: 9 }).length;
  process.stdout.write(
    `Website widget: ${(gzipped / KB).toFixed(1)} KB gzipped (budget ${WIDGET_BUDGET_BYTES / KB} KB).\n`,
  );
  return widgetProblems(source.toString('utf8'), gzipped);
}

const publicDir = path.resolve(process.argv[2] ?? 'dist/public');
const problems = [...checkReviewPage(publicDir), ...checkFirstRenders(publicDir), ...checkWidget(publicDir)];
if (problems.length > 0) {
  for (const problem of problems) console.error(problem);
  console.error('Keep each page small: it imports only what it shows (see scripts/check-bundle-budget.ts).');
  process.exit(1);
}
