// Builds the owner app's service worker (client/service-worker/sw.ts) into dist/public/sw.js, with the app
// shell it stores on install: index.html and the scripts and styles that page names (its entry, the chunks it
// preloads, its styles). Run after `vite build`. The version changes with the shell, so a deploy's worker
// replaces the last one and drops its stored files.
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { build } from 'esbuild';

const publicDir = path.resolve('dist/public');
const html = fs.readFileSync(path.join(publicDir, 'index.html'), 'utf8');
const shell = [...new Set([...html.matchAll(/(?:src|href)="(\/assets\/[^"]+)"/g)].map((match) => match[1]!))];
if (!shell.some((url) => url.endsWith('.js')))
  throw new Error('index.html names no script: is the build there?');
const version = crypto.createHash('sha256').update(html).digest('hex').slice(0, 12);

await build({
  entryPoints: ['client/service-worker/sw.ts'],
  outfile: path.join(publicDir, 'sw.js'),
  bundle: true,
  minify: true,
  format: 'iife',
  target: ['es2020'],
  legalComments: 'none',
  define: { __SHELL__: JSON.stringify(shell), __VERSION__: JSON.stringify(version) },
});
process.stdout.write(`sw.js: version ${version}, ${shell.length} shell files\n`);
