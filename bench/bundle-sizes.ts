import fs from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

interface ManifestChunk {
  file: string;
  src?: string;
  isEntry?: boolean;
  imports?: string[];
  css?: string[];
}
type Manifest = Record<string, ManifestChunk>;

export interface PageSize {
  files: string[];
  jsGzip: number;
  cssGzip: number;
}

export interface RouteSize extends PageSize {
  route: string;
}

/**
 * Each measured route's HTML page and the lazy page modules it loads on top of that page's entry
 * (client/src/app/routes.ts), keyed as the manifest keys sources. The client's area also loads its layout.
 * The public review page is its own page, built by its own pass (vite.review-page.config.ts), with nothing lazy;
 * the landing page is finished HTML (scripts/prerender-landing.tsx) whose only script applies the theme.
 */
const ROUTES: Record<string, { html: string; modules: string[] }> = {
  '/': { html: 'landing.html', modules: [] },
  '/auth': { html: 'index.html', modules: ['src/features/auth/components/auth-page.tsx'] },
  '/dashboard': {
    html: 'index.html',
    modules: ['src/app/authenticated-layout.tsx', 'src/features/dashboard/components/dashboard-page.tsx'],
  },
  '/review/{link}': { html: 'review.html', modules: [] },
};

/**
 * The manifest of the build pass that made the page: the app's pass writes `.vite/manifest.json`, the review
 * page's pass (vite.review-page.config.ts, Preact) `.vite/review-manifest.json`, each keyed by its own inputs.
 * A page no pass made (landing.html) has none: what it loads is what it names.
 */
function manifestOf(publicDir: string, html: string, lazyModules: string[]): Manifest {
  const dir = path.join(publicDir, '.vite');
  const manifests = fs
    .readdirSync(dir)
    .filter((name) => name.endsWith('.json'))
    .map((name) => JSON.parse(fs.readFileSync(path.join(dir, name), 'utf8')) as Manifest);
  const manifest = manifests.find((candidate) => candidate[html]?.isEntry);
  if (!manifest && lazyModules.length === 0) return {};
  if (!manifest) throw new Error(`No build manifest in ${dir} has ${html} as an entry.`);
  return manifest;
}

/**
 * What a first visit to one HTML page of the build downloads, gzipped: the page's scripts and stylesheets and
 * everything they import statically, plus the given lazy modules and their static imports, from the build's
 * manifest (vite `build.manifest`).
 */
export function measurePage(publicDir: string, html: string, lazyModules: string[] = []): PageSize {
  const manifest = manifestOf(publicDir, html, lazyModules);
  const byFile = new Map(Object.entries(manifest).map(([key, chunk]) => [chunk.file, key]));
  const files = new Set<string>();
  const visit = (key: string) => {
    const chunk = manifest[key];
    if (!chunk || files.has(chunk.file)) return;
    files.add(chunk.file);
    chunk.css?.forEach((css) => files.add(css));
    chunk.imports?.forEach(visit);
  };
  // What a page prefetches (the landing page, the app's scripts) comes when the browser is idle, after the page.
  const page = fs
    .readFileSync(path.join(publicDir, html), 'utf8')
    .replaceAll(/<link rel="prefetch"[^>]*>/g, '');
  for (const [, ref] of page.matchAll(/(?:src|href)="\/?(assets\/[^"]+\.(?:js|css))"/g)) {
    files.add(ref!);
    const key = byFile.get(ref!);
    if (key) visit(key);
  }
  lazyModules.forEach(visit);
  const list = [...files].sort();
  const gzipped = (file: string) => gzipSync(fs.readFileSync(path.join(publicDir, file))).length;
  const sum = (ext: string) => list.filter((f) => f.endsWith(ext)).reduce((n, f) => n + gzipped(f), 0);
  return { files: list, jsGzip: sum('.js'), cssGzip: sum('.css') };
}

/** What a first visit to each measured route downloads, gzipped (see measurePage). */
export function measureBundles(publicDir: string): RouteSize[] {
  return Object.entries(ROUTES).map(([route, { html, modules }]) => ({
    route,
    ...measurePage(publicDir, html, modules),
  }));
}
