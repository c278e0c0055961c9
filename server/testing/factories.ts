import { randomBytes } from 'node:crypto';
import type { RegisterInput } from '@shared/schemas/auth';
import type { Role } from '@shared/schemas/user';
import type { Database } from '../db/client';
import { createAuthService } from '../features/auth/auth.service';
import { createUsersRepository } from '../features/auth/users.repository';

export const DEFAULT_PASSWORD = 'correct-horse';

export function registrationFor(overrides: Partial<RegisterInput> = {}): RegisterInput {
  const tag = randomBytes(4).toString('hex');
  return {
    firstName: 'Casey',
    companyName: `Casey's Cafe ${tag}`,
    email: `casey-${tag}@example.com`,
    password: DEFAULT_PASSWORD,
    ...overrides,
  };
}

/** A user straight in the database (a client unless told otherwise). */
export async function createUser(db: Database, overrides: Partial<RegisterInput> & { role?: Role } = {}) {
  const { role = 'client', ...registration } = overrides;
  const auth = createAuthService(createUsersRepository(db));
  const input = registrationFor(registration);
  const user = await auth.register(input, role);
  return { ...user, password: input.password };
}
