import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import type { Role } from '@shared/schemas/user';

const createdAt = () => timestamp({ withTimezone: true }).notNull().defaultNow();

export const users = pgTable(
  'users',
  {
    id: serial().primaryKey(),
    email: text().notNull(),
    username: text().notNull(),
    passwordHash: text().notNull(),
    firstName: text().notNull(),
    companyName: text().notNull().default(''),
    role: text().$type<Role>().notNull().default('client'),
    planId: integer(),
    createdAt: createdAt(),
    disabledAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    // Email is unique whatever its case: Ann@x.com and ann@x.com are one account.
    uniqueIndex('users_email_lower_unique').on(sql`lower(${t.email})`),
    index('users_created_at_idx').on(t.createdAt),
  ],
);

/** express-session's store: sessions live in the database so a restart signs nobody out. */
export const sessions = pgTable(
  'sessions',
  {
    sid: text().primaryKey(),
    sess: jsonb().notNull(),
    userId: integer(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
  },
  (t) => [index('sessions_expires_at_idx').on(t.expiresAt), index('sessions_user_id_idx').on(t.userId)],
);

/** Hit counters of the rate limiters, shared by every server process. */
export const rateLimits = pgTable('rate_limits', {
  key: text().primaryKey(),
  hits: integer().notNull(),
  resetAt: timestamp({ withTimezone: true }).notNull(),
});
