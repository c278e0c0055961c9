// Builds the website review widget (client/widget/widget.ts) into dist/public/widget.js: one small script
// with no framework, which other websites load (issue 16). Run after `vite build`, which empties
// dist/public. Fails when the script grows past its budget (15 KB gzipped) or carries review-snippet markup.
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { build } from 'esbuild';
import { WIDGET_BUDGET_BYTES, widgetProblems } from './widget-budget';

const outfile = path.resolve('dist/public/widget.js');
await build({
  entryPoints: ['client/widget/widget.ts'],
  outfile,
  bundle: true,
  minify: true,
  format: 'iife',
  target: ['es2019'],
  legalComments: 'none',
  tsconfig: 'tsconfig.json',
});
const source = fs.readFileSync(outfile);
const gzipped = zlib.gzipSync(source, { level: 9 }).length;
const problems = widgetProblems(source.toString('utf8'), gzipped);
process.stdout.write(
  `widget.js: ${source.length} bytes, ${gzipped} gzipped (budget ${WIDGET_BUDGET_BYTES / 1024} KB)\n`,
);
if (problems.length > 0) {
  for (const problem of problems) console.error(problem);
  process.exit(1);
}
