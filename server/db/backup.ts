import fs from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';

/**
 * Backups of the embedded database: a gzipped tarball of PGlite's data directory. PGlite is a
 * single-process database, so the server must be stopped while either runs. A Postgres server is backed
 * up with pg_dump instead (README).
 */
export function pgliteDir(dataDir: string): string {
  return path.join(dataDir, 'pglite');
}

export async function backupPglite(dataDir: string, outFile: string): Promise<{ bytes: number }> {
  const dir = pgliteDir(dataDir);
  if (!fs.existsSync(dir)) throw new Error(`No embedded database at ${dir}`);
  const db = new PGlite(dir, { extensions: { pg_trgm } });
  try {
    const dump = await db.dumpDataDir('gzip');
    const bytes = Buffer.from(await dump.arrayBuffer());
    fs.mkdirSync(path.dirname(path.resolve(outFile)), { recursive: true });
    // Written beside the target then renamed, so a crash never leaves half a backup under the real name.
    const partial = `${outFile}.partial`;
    fs.writeFileSync(partial, bytes);
    fs.renameSync(partial, outFile);
    return { bytes: bytes.length };
  } finally {
    await db.close();
  }
}

/** Replaces the embedded database with a backup; the previous data directory is kept aside. */
export async function restorePglite(dataDir: string, inFile: string): Promise<{ keptAside: string | null }> {
  const dir = pgliteDir(dataDir);
  const archive = fs.readFileSync(inFile);
  const staging = `${dir}.restoring`;
  fs.rmSync(staging, { recursive: true, force: true });
  const db = new PGlite(staging, {
    extensions: { pg_trgm },
    loadDataDir: new Blob([archive], { type: 'application/x-gzip' }),
  });
  await db.query('select 1');
  await db.close();

  let keptAside: string | null = null;
  if (fs.existsSync(dir)) {
    keptAside = `${dir}.before-restore-${new Date().toISOString().replace(/[:.]/g, '-')}`;
    fs.renameSync(dir, keptAside);
  }
  fs.renameSync(staging, dir);
  return { keptAside };
}
