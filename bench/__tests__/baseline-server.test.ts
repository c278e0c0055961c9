import type { ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startBaseline, stop, type BaselineSpec } from '../baseline';

// The bare baseline runs what the app ran for a read: the session's statement first, then the read's own.
describe('the bench baseline', () => {
  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'rf-baseline-test-'));
  let child: ChildProcess;
  let base: string;

  beforeAll(async () => {
    const dataDir = path.join(work, 'pglite');
    const db = new PGlite(dataDir);
    await db.exec('create table visits (owner int not null)');
    await db.close();
    const spec: BaselineSpec = {
      'reviews all': {
        '7': {
          session: [{ text: 'insert into visits values ($1)', params: [7] }],
          read: [
            { text: 'select count(*)::int as visits from visits where owner = $1', params: [7] },
            { text: 'select $1::text as page', params: ['first'] },
          ],
        },
      },
    };
    const specFile = path.join(work, 'spec.json');
    fs.writeFileSync(specFile, JSON.stringify(spec));
    ({ child, base } = await startBaseline({ PGLITE_DIR: dataDir }, specFile));
  }, 60_000);

  afterAll(async () => {
    if (child) await stop(child);
    fs.rmSync(work, { recursive: true, force: true });
  });

  const read = (name: string, owner: string) =>
    fetch(`${base}/${encodeURIComponent(name)}`, { headers: { 'x-owner': owner } });

  it("runs the session's statement before the read's and answers the read's rows", async () => {
    const first = await read('reviews all', '7');
    expect(first.status).toBe(200);
    expect(await first.json()).toEqual([[{ visits: 1 }], [{ page: 'first' }]]);
    expect(await (await read('reviews all', '7')).json()).toEqual([[{ visits: 2 }], [{ page: 'first' }]]);
  });

  it('answers 404 for a read or an owner it was not given', async () => {
    expect((await read('reviews all', '8')).status).toBe(404);
    expect((await read('dashboard stats', '7')).status).toBe(404);
  });
});
