import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

/**
 * Backups of the embedded database: a gzipped tarball of PGlite's data directory, an ordinary Postgres
 * data directory. PGlite is a single-process database, so the server must be stopped while either runs;
 * a closed data directory copied whole is a consistent backup. A Postgres server is backed up with
 * pg_dump instead (README).
 */
export function pgliteDir(dataDir: string): string {
  return path.join(dataDir, 'pglite');
}

export function backupPglite(dataDir: string, outFile: string): { bytes: number } {
  const dir = pgliteDir(dataDir);
  if (!fs.existsSync(dir)) throw new Error(`No embedded database at ${dir}`);
  const target = path.resolve(outFile);
  fs.mkdirSync(path.dirname(target), { recursive: true });
  // Written beside the target then renamed, so a crash never leaves half a backup under the real name.
  const partial = `${target}.partial`;
  execFileSync('tar', ['-czf', partial, '-C', path.dirname(dir), path.basename(dir)]);
  fs.renameSync(partial, target);
  return { bytes: fs.statSync(target).size };
}

/** Replaces the embedded database with a backup; the previous data directory is kept aside. */
export function restorePglite(dataDir: string, inFile: string): { keptAside: string | null } {
  const dir = pgliteDir(dataDir);
  const staging = `${dir}.restoring`;
  fs.rmSync(staging, { recursive: true, force: true });
  fs.mkdirSync(staging, { recursive: true });
  execFileSync('tar', ['-xzf', path.resolve(inFile), '-C', staging]);
  const restored = path.join(staging, path.basename(dir));
  if (!fs.existsSync(path.join(restored, 'PG_VERSION'))) {
    fs.rmSync(staging, { recursive: true, force: true });
    throw new Error(`${inFile} is not a backup of the embedded database`);
  }

  let keptAside: string | null = null;
  if (fs.existsSync(dir)) {
    keptAside = `${dir}.before-restore-${new Date().toISOString().replace(/[:.]/g, '-')}`;
    fs.renameSync(dir, keptAside);
  }
  fs.renameSync(restored, dir);
  fs.rmSync(staging, { recursive: true, force: true });
  return { keptAside };
}
