import { defineConfig } from 'drizzle-kit';

// Migrations are generated from the one schema and applied at start-up to PGlite and to a Postgres
// server alike (server/db/migrate.ts); `drizzle-kit push` is never used outside a scratch database.
export default defineConfig({
  dialect: 'postgresql',
  schema: './server/db/schema.ts',
  out: './server/db/migrations',
  casing: 'snake_case',
});
