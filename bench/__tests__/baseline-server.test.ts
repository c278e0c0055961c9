import type { ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { eq, sql } from 'drizzle-orm';
import { integer, pgTable } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPostgres, type QueryListener } from '../../server/db/client';
import { createEmptyServerDatabase, testDatabaseKinds } from '../../server/testing/test-db';
import { namePreparedStatements, startBaseline, stop, type BaselineSpec, type Statement } from '../baseline';

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

// On a server the app prepares its commonest reads (planned once per connection); the baseline must too, or it
// pays a plan on every request that the app does not and the comparison flatters the app.
describe.skipIf(!testDatabaseKinds.includes('postgres'))('the bench baseline on a Postgres server', () => {
  const visits = pgTable('visits', { owner: integer('owner').notNull() });
  let database: Awaited<ReturnType<typeof createEmptyServerDatabase>>;
  let child: ChildProcess | undefined;
  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'rf-baseline-test-'));

  beforeAll(async () => {
    database = await createEmptyServerDatabase();
  });
  afterAll(async () => {
    if (child) await stop(child);
    await database?.drop();
    fs.rmSync(work, { recursive: true, force: true });
  });

  it('prepares under its name what the app prepared, runs the rest unnamed, and answers both', async () => {
    const captured: Statement[] = [];
    const onQuery: QueryListener = (text, params) => captured.push({ text, params });
    const app = openPostgres(database.url, 1, onQuery);
    await app.db.execute(sql`create table visits (owner int not null)`);
    await app.db.execute(sql`insert into visits values (7), (7), (8)`);
    captured.length = 0;
    const visitsOf = app.db
      .select({ owner: visits.owner })
      .from(visits)
      .where(eq(visits.owner, sql.placeholder('owner')))
      .prepare('visits_of_owner');
    await visitsOf.execute({ owner: 7 });
    await app.db.execute(sql`select count(*)::int as visits from visits where owner = ${7}`);
    const [prepared, unnamed] = captured;
    const spec: BaselineSpec = { 'reviews all': { '7': { session: [prepared!], read: [unnamed!] } } };

    await namePreparedStatements(app, spec);
    await app.close();
    expect(spec['reviews all']!['7']).toEqual({
      session: [{ text: prepared!.text, params: [7], name: 'visits_of_owner' }],
      read: [{ text: unnamed!.text, params: [7] }],
    });

    const specFile = path.join(work, 'spec.json');
    fs.writeFileSync(specFile, JSON.stringify(spec));
    const baseline = await startBaseline({ DATABASE_URL: database.url }, specFile);
    child = baseline.child;
    for (let time = 0; time < 2; time++) {
      const answer = await fetch(`${baseline.base}/reviews%20all`, { headers: { 'x-owner': '7' } });
      expect(await answer.json()).toEqual([[{ visits: 2 }]]);
    }
  }, 60_000);
});
