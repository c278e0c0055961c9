// `npm run db:migrate`: applies the migrations to the configured database without starting the server.
import fs from 'node:fs';
import path from 'node:path';
import { loadEnv } from '../env';
import { projectRoot } from '../paths';
import { openDatabase } from './client';
import { migrateDatabase } from './migrate';

const envFile = path.join(projectRoot, '.env');
if (fs.existsSync(envFile)) process.loadEnvFile(envFile);
const env = loadEnv(process.env);
const handle = await openDatabase({ databaseUrl: env.DATABASE_URL, dataDir: env.DATA_DIR });
await migrateDatabase(handle);
await handle.close();
console.warn(`Migrations applied (${handle.kind}).`);
