import fs from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

interface ManifestChunk {
  file: string;
  name?: string;
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
 * Each measured route's HTML page and the lazy page modules its first render loads on top of that page's entry
 * (client/src/app/routes.ts), keyed as the manifest keys sources. The client's area also loads its layout.
 * The public review page is its own page, built by its own pass (vite.review-page.config.ts), with nothing lazy;
 * the landing page is finished HTML (scripts/prerender-landing.tsx) whose only script applies the theme.
 * What a screen loads right after (the header's menus) and what its data brings are not here: the browser's
 * measure of a whole first load is e2e/bundle-budget.spec.ts.
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
 * The manifest key of the chunk holding a lazy module. A dynamic import's target is keyed by its source, except
 * when rolldown merges it into a chunk of its own making (vite.config.ts copies small common chunks into their
 * importers): then the key is `_<name>-<hash>.js`, named after the module. A module found in neither way is an
 * error, not a smaller figure.
 */
function chunkKeyOf(manifest: Manifest, module: string): string {
  if (manifest[module]) return module;
  const name = path.basename(module).replace(/\.[^.]+$/, '');
  const keys = Object.keys(manifest).filter((key) => key.startsWith('_') && manifest[key]!.name === name);
  if (keys.length !== 1) throw new Error(`${module} is in no chunk of the build manifest (or in several)`);
  return keys[0]!;
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
    if (!chunk) throw new Error(`${key} is in no chunk of the build manifest`);
    if (files.has(chunk.file)) return;
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
  lazyModules.forEach((module) => visit(chunkKeyOf(manifest, module)));
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
