// A fresh database on the Postgres server for one end-to-end run: dropped if left over, created empty.
// Usage: node scripts/e2e-postgres-db.mjs <server url> <database name>
import pg from 'pg';

const [serverUrl, name] = process.argv.slice(2);
if (!serverUrl || !/^[a-z_][a-z0-9_]*$/.test(name ?? '')) {
  console.error('usage: e2e-postgres-db.mjs <server url> <database name>');
  process.exit(1);
}
const client = new pg.Client({ connectionString: serverUrl });
await client.connect();
await client.query(`drop database if exists ${name} with (force)`);
await client.query(`create database ${name}`);
await client.end();
