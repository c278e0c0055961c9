import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { count } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { openPglite } from '../client';
import { migrateDatabase } from '../migrate';
import { users } from '../schema';
import { backupPglite, pgliteDir, restorePglite } from '../backup';
import { createUser } from '../../testing/factories';

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'rf-backup-'));
afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

async function userCount(): Promise<number> {
  const handle = await openPglite(pgliteDir(dataDir));
  const [row] = await handle.db.select({ n: count() }).from(users);
  await handle.close();
  return row?.n ?? -1;
}

describe('backup and restore of the embedded database', () => {
  it('when a backup is restored, then the data is exactly as it was at backup time', async () => {
    const handle = await openPglite(pgliteDir(dataDir));
    await migrateDatabase(handle);
    await createUser(handle.db, { email: 'kept@example.com' });
    await handle.close();
    const archive = path.join(dataDir, 'backups', 'one.tar.gz');

    const { bytes } = backupPglite(dataDir, archive);
    const later = await openPglite(pgliteDir(dataDir));
    await createUser(later.db, { email: 'after-backup@example.com' });
    await later.close();
    expect(await userCount()).toBe(2);

    const { keptAside } = restorePglite(dataDir, archive);

    expect(bytes).toBeGreaterThan(1000);
    expect(await userCount()).toBe(1);
    expect(keptAside && fs.existsSync(keptAside)).toBe(true);
  }, 120_000);

  it('when the file is not a backup, then restore refuses it and keeps the database', () => {
    const bogus = path.join(dataDir, 'bogus.tar.gz');
    fs.mkdirSync(path.join(dataDir, 'junk'), { recursive: true });
    fs.writeFileSync(path.join(dataDir, 'junk', 'note.txt'), 'hello');
    execFileSync('tar', ['-czf', bogus, '-C', dataDir, 'junk']);

    expect(() => restorePglite(dataDir, bogus)).toThrow(/is not a backup/);
    expect(fs.existsSync(path.join(pgliteDir(dataDir), 'PG_VERSION'))).toBe(true);
  });

  it('when there is no embedded database, then backup says so', () => {
    expect(() => backupPglite(path.join(dataDir, 'empty'), path.join(dataDir, 'x.tar.gz'))).toThrow(
      /No embedded database/,
    );
  });
});
