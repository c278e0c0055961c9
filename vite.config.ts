import path from 'node:path';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import type { Plugin } from 'vite';
import { defineConfig } from 'vitest/config';
import { BROWSER_TREESHAKE, pureZodSchemas } from './scripts/tree-shaking';

const root = path.dirname(fileURLToPath(import.meta.url));

const alias = {
  '@': path.join(root, 'client/src'),
  '@shared': path.join(root, 'shared'),
  '@server': path.join(root, 'server'),
};

/** The customer's review page, /review/:link: the paths server/app.ts answers with review.html. */
const REVIEW_PAGE_PATH = /^\/review\/[^/]+\/?$/i;

/**
 * In development, /review/:link gets the public page's own entry (client/review.html), as the built server
 * serves it; every other page falls back to index.html as before.
 */
function reviewPageEntry(): Plugin {
  return {
    name: 'reviewflow:review-page-entry',
    configureServer(server) {
      server.middlewares.use((req, _res, next) => {
        const [pathname = '', query] = (req.url ?? '').split('?');
        if ((req.method === 'GET' || req.method === 'HEAD') && REVIEW_PAGE_PATH.test(pathname)) {
          req.url = `/review.html${query === undefined ? '' : `?${query}`}`;
        }
        next();
      });
    },
  };
}

export default defineConfig({
  root: path.join(root, 'client'),
  publicDir: path.join(root, 'client/public'),
  // A screen that imports a shared module's words drops its zod schemas (scripts/tree-shaking.ts).
  plugins: [react(), reviewPageEntry(), pureZodSchemas()],
  resolve: { alias },
  build: {
    outDir: path.join(root, 'dist/public'),
    emptyOutDir: true,
    // Built for debugging a production report, never referenced by the files nor served (server/app.ts).
    sourcemap: 'hidden',
    // Which files each route loads, for the bench's bundle sizes (bench/bundle-sizes.ts); never served.
    manifest: true,
    rolldownOptions: {
      // The app alone. The public review page a customer opens on a phone (client/review.html) is built by a
      // second pass with Preact in place of React, into the same folder (vite.review-page.config.ts; issue 13,
      // docs/decisions/004-public-review-page-entry.md); in development this server serves it with React.
      input: { index: path.join(root, 'client/index.html') },
      treeshake: BROWSER_TREESHAKE,
      output: {
        codeSplitting: {
          // Rolldown makes a common chunk of each set of modules the same lazy screens share: a lucide icon,
          // a helper, a Radix piece, most of them under 1 KB, 40 files on /dashboard alone (issue 43). A common
          // chunk under 8 KB of source (about 1 KB gzipped) is copied into the chunks that import it instead, and
          // a shared registry keeps one instance of each module, so no screen loads code it could not reach
          // before. Measured as the browser loads it (e2e/bundle-budget.spec.ts): /dashboard 61 -> 23 files
          // for 1 KB more. Chunks holding styles stay files, as rolldown's guide says for Vite's CSS plugin.
          // https://rolldown.rs/in-depth/inline-common-chunks
          experimentalInlineCommonChunks: {
            maxSize: 8 * 1024,
            exclude: /\.(css|scss|sass|less|styl|stylus|pcss|postcss|sss)(\?|$)/,
          },
        },
      },
    },
  },
  server: { port: 5173 },
  test: {
    root,
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          root,
          environment: 'jsdom',
          include: ['client/**/*.test.{ts,tsx}', 'shared/**/*.test.ts'],
          setupFiles: ['client/src/testing/setup.ts'],
          // A ceiling, not a target: the slowest test takes 1.5 s on an idle machine and passed 5 s (the default)
          // on a 2-core machine also running the browser tests.
          testTimeout: 30_000,
        },
      },
      {
        extends: true,
        test: {
          name: 'api',
          root,
          environment: 'node',
          include: ['server/**/*.test.ts', 'bench/**/*.test.ts', 'scripts/**/*.test.ts'],
          globalSetup: ['server/testing/global-setup.ts'],
          setupFiles: ['server/testing/setup.ts'],
          // A ceiling, not a target: two files run at once on a 2-core CI machine, and password hashing is slow there.
          testTimeout: 60_000,
          hookTimeout: 60_000,
        },
      },
    ],
  },
});
