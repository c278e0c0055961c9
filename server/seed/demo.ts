import { count, eq } from 'drizzle-orm';
import type { Database } from '../db/client';
import { users } from '../db/schema';
import type { AuthService } from '../features/auth';
import type { Logger } from '../lib/logger';
import { seedDemoData } from './demo-data';

export const DEMO_EMAIL = 'demo@reviewflow.test';
export const DEMO_PASSWORD = 'demo-password';

/** With no client yet (a new database), a demo client so a newcomer sees a living product. */
export async function seedDemo(db: Database, auth: AuthService, logger: Logger): Promise<void> {
  const [row] = await db.select({ clients: count() }).from(users).where(eq(users.role, 'client'));
  if ((row?.clients ?? 0) > 0) return;
  // The demo account counts as verified (PRODUCT.md section 8): nobody can receive its mail.
  const client = await auth.register(
    { email: DEMO_EMAIL, password: DEMO_PASSWORD, firstName: 'Dana', companyName: 'Sunrise Bakery' },
    'client',
    { verified: true },
  );
  try {
    await seedDemoData(db, client.id);
  } catch (error) {
    // The data is one transaction; without it, drop the account too so the next start seeds again.
    await db.delete(users).where(eq(users.id, client.id));
    throw error;
  }
  logger.info({ email: DEMO_EMAIL }, 'demo client created');
  console.warn(`\n  Demo client: ${DEMO_EMAIL} / ${DEMO_PASSWORD}\n`);
}
