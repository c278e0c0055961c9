import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { build } from 'esbuild';
import supertest from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../../app';
import { createLogger } from '../../../lib/logger';
import { TEST_SESSION_SECRET, testEnv, writeBuiltPages } from '../../../testing/test-app';
import { createTestDatabase, testDatabaseKinds, type TestDatabase } from '../../../testing/test-db';
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

describe.each(testDatabaseKinds)('serving the widget script on %s', (kind) => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase(kind);
  });
  afterAll(async () => {
    await database?.drop();
  });

  it('when another site loads /widget.js, then it gets the precompressed script, usable cross-origin and revalidated after 5 minutes', async () => {
    const dir = writeBuiltPages();
    const script = `console.log(${JSON.stringify('w'.repeat(2000))});`;
    fs.writeFileSync(path.join(dir, 'widget.js'), script);
    fs.writeFileSync(path.join(dir, 'widget.js.gz'), zlib.gzipSync(script));
    const app = createApp({
      db: database.handle.db,
      env: testEnv(),
      logger: createLogger('silent'),
      sessionSecret: TEST_SESSION_SECRET,
      staticDir: dir,
    });

    const res = await supertest(app)
      .get('/widget.js')
      .set('Accept-Encoding', 'gzip')
      .set('Origin', 'https://shop.example')
      .expect(200);

    expect(res.headers['content-encoding']).toBe('gzip');
    expect(res.headers['content-type']).toMatch(/javascript/);
    expect(res.text).toBe(script);
    expect(res.headers['cross-origin-resource-policy']).toBe('cross-origin');
    expect(res.headers['access-control-allow-origin']).toBe('*');
    expect(res.headers['cache-control']).toBe('public, max-age=300');
    fs.rmSync(dir, { recursive: true, force: true });
  });
});
