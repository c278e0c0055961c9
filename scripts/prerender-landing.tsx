// Writes the landing page (/) as finished HTML, dist/public/landing.html, which the server answers for `/`
// (server/app.ts): a visitor sees the page from the first response, with no script to download and run
// first, and search engines read it as it is (docs/decisions/011-landing-page-prerendered.md). Run after the
// app's `vite build`, whose index.html gives the head and the stylesheet, and before scripts/precompress.mjs.
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { build } from 'esbuild';
import { renderToStaticMarkup } from 'react-dom/server';
import { Router } from 'wouter';
import LandingPage from '../client/src/features/marketing/landing-page';

const publicDir = path.resolve('dist/public');
const appPage = fs.readFileSync(path.join(publicDir, 'index.html'), 'utf8');

/**
 * The saved theme, applied before the first paint as the app's entry does (lib/theme-storage.ts), so a
 * dark-mode visitor never sees a light flash. A file, not an inline script: the CSP allows scripts from 'self'.
 */
const { outputFiles } = await build({
  stdin: {
    contents: "import { applyStoredTheme } from './theme-storage'; applyStoredTheme();",
    resolveDir: path.resolve('client/src/lib'),
    loader: 'ts',
  },
  bundle: true,
  minify: true,
  format: 'iife',
  target: ['es2019'],
  write: false,
});
const themeScript = outputFiles[0]!.contents;
const themeFile = `assets/theme-${createHash('sha256').update(themeScript).digest('base64url').slice(0, 8)}.js`;
fs.writeFileSync(path.join(publicDir, themeFile), themeScript);

const markup = renderToStaticMarkup(
  <Router ssrPath="/">
    <LandingPage />
  </Router>,
);
if (!markup.includes('<main')) throw new Error('The landing page rendered no <main>: nothing to prerender.');

const page = appPage
  // The app's scripts are not run here; the browser fetches them when idle, so signing in opens at once.
  .replace(
    /<script type="module" crossorigin src="([^"]+)"><\/script>/,
    '<link rel="prefetch" crossorigin href="$1">',
  )
  .replaceAll(
    /<link rel="modulepreload" crossorigin href="([^"]+)">/g,
    '<link rel="prefetch" crossorigin href="$1">',
  )
  .replace('<title>', `<script src="/${themeFile}"></script>\n    <title>`)
  .replace('<div id="root"></div>', `<div id="root">${markup}</div>`);
if (page.includes('type="module"') || !page.includes(markup)) {
  throw new Error('dist/public/index.html no longer has the shape scripts/prerender-landing.tsx expects.');
}
fs.writeFileSync(path.join(publicDir, 'landing.html'), page);
process.stdout.write(`landing.html: ${page.length} bytes, prerendered\n`);
