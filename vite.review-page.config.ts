import path from 'node:path';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { BROWSER_TREESHAKE, pureZodSchemas } from './scripts/tree-shaking';

/**
 * The second pass of `npm run build`: the public review page (client/review.html, client/src/review-main.tsx)
 * alone, rendered by Preact instead of React, so a customer's phone loads under 60 KB of script (issue 13;
 * docs/decisions/004-public-review-page-entry.md). An alias applies to a whole build and the app shares the
 * review form, `Button` and `cn` with the page, hence a build of its own. It writes into the app's folder
 * after the app's pass (vite.config.ts), without emptying it, and keeps its own manifest beside the app's
 * (bench/bundle-sizes.ts reads both). Development and the unit tests keep rendering the page with React.
 */

const root = path.dirname(fileURLToPath(import.meta.url));

/** Where this pass's manifest goes, relative to dist/public; the app's pass keeps `.vite/manifest.json`. */
export const REVIEW_PAGE_MANIFEST = '.vite/review-manifest.json';

/** Exact names only: `react-dom/client` and the JSX runtimes each have their own Preact module. */
const preactInPlaceOfReact = [
  { find: /^react$/, replacement: 'preact/compat' },
  { find: /^react-dom$/, replacement: 'preact/compat' },
  { find: /^react-dom\/client$/, replacement: 'preact/compat/client' },
  { find: /^react\/jsx-runtime$/, replacement: 'preact/compat/jsx-runtime' },
  { find: /^react\/jsx-dev-runtime$/, replacement: 'preact/compat/jsx-dev-runtime' },
];

export default defineConfig({
  root: path.join(root, 'client'),
  // The app's pass has copied client/public already.
  publicDir: false,
  // As the app's pass: a module's unused zod schemas are dropped (scripts/tree-shaking.ts).
  plugins: [react(), pureZodSchemas()],
  resolve: {
    // The app's aliases the page's sources use (vite.config.ts), then Preact's.
    alias: [
      { find: '@', replacement: path.join(root, 'client/src') },
      { find: '@shared', replacement: path.join(root, 'shared') },
      ...preactInPlaceOfReact,
    ],
  },
  build: {
    outDir: path.join(root, 'dist/public'),
    // The app's files are already there.
    emptyOutDir: false,
    // As the app's pass: for debugging, and for scripts/check-bundle-budget.ts to name what the page loads.
    sourcemap: 'hidden',
    manifest: REVIEW_PAGE_MANIFEST,
    rolldownOptions: {
      input: { review: path.join(root, 'client/review.html') },
      treeshake: BROWSER_TREESHAKE,
    },
  },
});
