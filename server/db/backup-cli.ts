// `npm run backup [file]` and `npm run restore <file>` for the embedded database (stop the server first).
import fs from 'node:fs';
import path from 'node:path';
import { loadEnv } from '../env';
import { projectRoot } from '../paths';
import { backupPglite, restorePglite } from './backup';

const envFile = path.join(projectRoot, '.env');
if (fs.existsSync(envFile)) process.loadEnvFile(envFile);
const env = loadEnv(process.env);
const [command, file] = process.argv.slice(2);

if (env.DATABASE_URL) {
  console.error('DATABASE_URL is set: back up a Postgres server with pg_dump (see the README).');
  process.exit(1);
}

if (command === 'backup') {
  const target =
    file ??
    path.join(env.DATA_DIR, 'backups', `reviewflow-${new Date().toISOString().replace(/[:.]/g, '-')}.tar.gz`);
  const { bytes } = backupPglite(env.DATA_DIR, target);
  console.warn(`Backup written: ${target} (${bytes} bytes)`);
} else if (command === 'restore' && file) {
  const { keptAside } = restorePglite(env.DATA_DIR, file);
  console.warn(`Restored ${file}.${keptAside ? ` The previous database was kept at ${keptAside}.` : ''}`);
} else {
  console.error('Usage: npm run backup [file] | npm run restore <file>');
  process.exit(1);
}
