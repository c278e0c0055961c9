import { fork, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listeningPort } from '../../server/testing/listening-port';
import type { BaselineSpec } from '../baseline-spec';

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
    child = fork(path.join(import.meta.dirname, '../baseline-server.ts'), [specFile], {
      execArgv: ['--import', 'tsx'],
      env: { PATH: process.env.PATH ?? '', PGLITE_DIR: dataDir },
      stdio: ['ignore', 'ignore', 'pipe', 'ipc'],
    });
    let errors = '';
    child.stderr!.on('data', (chunk: Buffer) => (errors += chunk.toString()));
    base = `http://127.0.0.1:${await listeningPort(child, () => errors)}`;
  }, 60_000);

  afterAll(async () => {
    if (child?.exitCode === null) {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill();
      await exited;
    }
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
