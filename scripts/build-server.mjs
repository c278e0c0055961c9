// Bundles the server (and the shared schemas it imports) into dist/server; npm packages stay external.
import { readFile } from 'node:fs/promises';
import { build } from 'esbuild';

await build({
  entryPoints: ['server/index.ts'],
  outfile: 'dist/server/index.js',
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  packages: 'external',
  sourcemap: true,
  tsconfig: 'tsconfig.json',
  logLevel: 'warning',
  // Tests hash passwords cheaply when vitest runs them (server/lib/password.ts); the shipped server never does.
  define: { 'process.env.VITEST': 'undefined' },
});

const bundle = await readFile('dist/server/index.js', 'utf8');
if (bundle.includes('process.env.VITEST')) {
  throw new Error('dist/server/index.js still reads process.env.VITEST: a test-only branch would ship');
}
