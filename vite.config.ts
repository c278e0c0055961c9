import path from 'node:path';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

const root = path.dirname(fileURLToPath(import.meta.url));

const alias = {
  '@': path.join(root, 'client/src'),
  '@shared': path.join(root, 'shared'),
  '@server': path.join(root, 'server'),
};

export default defineConfig({
  root: path.join(root, 'client'),
  publicDir: path.join(root, 'client/public'),
  plugins: [react()],
  resolve: { alias },
  build: {
    outDir: path.join(root, 'dist/public'),
    emptyOutDir: true,
    // Built for debugging a production report, never referenced by the files nor served (server/app.ts).
    sourcemap: 'hidden',
    // Which files each route loads, for the bench's bundle sizes (bench/bundle-sizes.ts); never served.
    manifest: true,
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
        },
      },
      {
        extends: true,
        test: {
          name: 'api',
          root,
          environment: 'node',
          include: ['server/**/*.test.ts'],
          setupFiles: ['server/testing/setup.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
    ],
  },
});
