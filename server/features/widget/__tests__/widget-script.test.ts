import zlib from 'node:zlib';
import { build } from 'esbuild';
import { describe, expect, it } from 'vitest';
import {
  REVIEW_SNIPPET_MARKUP,
  WIDGET_BUDGET_BYTES,
  widgetProblems,
} from '../../../../scripts/widget-budget';

/** The widget built as `npm run build` builds it (scripts/build-widget.ts), in memory. */
async function builtWidget(): Promise<string> {
  const result = await build({
    entryPoints: ['client/widget/widget.ts'],
    bundle: true,
    minify: true,
    format: 'iife',
    target: ['es2019'],
    legalComments: 'none',
    write: false,
  });
  return result.outputFiles[0]!.text;
}

describe('the website widget script', () => {
  it('when built, then it is under its 15 KB gzipped budget and carries no review-snippet markup', async () => {
    const source = await builtWidget();
    const gzipped = zlib.gzipSync(source, { level: 9 }).length;

    expect(gzipped).toBeLessThan(WIDGET_BUDGET_BYTES);
    for (const pattern of REVIEW_SNIPPET_MARKUP) expect(source).not.toMatch(pattern);
    expect(widgetProblems(source, gzipped)).toEqual([]);
  });

  it('when the script would carry markup or outgrow its budget, then the build check names the problem', () => {
    expect(widgetProblems('<div itemprop="name">', 100)).toHaveLength(1);
    expect(widgetProblems('', WIDGET_BUDGET_BYTES + 1)).toHaveLength(1);
  });
});
