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

export interface RouteSize {
  route: string;
  files: string[];
  jsGzip: number;
  cssGzip: number;
}

/**
 * The lazy page module each measured route loads on top of the entry (client/src/app/routes.ts), keyed as
 * the manifest keys sources. The client's area also loads its layout.
 */
const ROUTE_MODULES: Record<string, string[]> = {
  '/': ['src/features/marketing/landing-page.tsx'],
  '/auth': ['src/features/auth/components/auth-page.tsx'],
  '/dashboard': ['src/app/authenticated-layout.tsx', 'src/features/dashboard/components/dashboard-page.tsx'],
  '/review/{link}': ['src/features/public-review/components/public-review-page.tsx'],
};

/**
 * What a first visit to each route downloads, gzipped: the HTML's scripts and stylesheets, plus the route's
 * lazy chunks and everything they import statically, from the build's manifest (vite `build.manifest`).
 * A route whose HTML is its own entry (`review.html`) starts from that page instead of index.html.
 */
export function measureBundles(publicDir: string): RouteSize[] {
  const manifest = JSON.parse(
    fs.readFileSync(path.join(publicDir, '.vite/manifest.json'), 'utf8'),
  ) as Manifest;
  const sizeCache = new Map<string, number>();
  const gzipped = (file: string) => {
    if (!sizeCache.has(file)) {
      sizeCache.set(file, gzipSync(fs.readFileSync(path.join(publicDir, file))).length);
    }
    return sizeCache.get(file)!;
  };
  const byFile = new Map(Object.entries(manifest).map(([key, chunk]) => [chunk.file, key]));

  return Object.entries(ROUTE_MODULES).map(([route, modules]) => {
    const ownHtml = route.startsWith('/review/') && manifest['review.html'] ? 'review.html' : 'index.html';
    const html = fs.readFileSync(path.join(publicDir, ownHtml), 'utf8');
    const files = new Set<string>();
    const visit = (key: string) => {
      const chunk = manifest[key];
      if (!chunk || files.has(chunk.file)) return;
      files.add(chunk.file);
      chunk.css?.forEach((css) => files.add(css));
      chunk.imports?.forEach(visit);
    };
    for (const [, ref] of html.matchAll(/(?:src|href)="\/?(assets\/[^"]+\.(?:js|css))"/g)) {
      files.add(ref!);
      const key = byFile.get(ref!);
      if (key) visit(key);
    }
    if (ownHtml === 'index.html') modules.forEach(visit);
    const list = [...files].sort();
    const sum = (ext: string) => list.filter((f) => f.endsWith(ext)).reduce((n, f) => n + gzipped(f), 0);
    return { route, files: list, jsGzip: sum('.js'), cssGzip: sum('.css') };
  });
}
