import type { PublicUser } from '@shared/schemas/user';

let nextId = 100;

/** A user as GET /api/user answers it; override what the test cares about. */
export function buildUser(overrides: Partial<PublicUser> = {}): PublicUser {
  const id = overrides.id ?? nextId++;
  const email = overrides.email ?? `owner${id}@example.com`;
  return {
    id,
    email,
    username: email,
    firstName: 'Jane',
    companyName: 'Acme Dental',
    role: 'client',
    planId: null,
    createdAt: '2026-01-15T10:00:00.000Z',
    emailVerified: true,
    ...overrides,
  };
}

export function buildAdmin(overrides: Partial<PublicUser> = {}): PublicUser {
  return buildUser({
    firstName: 'Ada',
    companyName: '',
    role: 'admin',
    email: 'admin@example.com',
    ...overrides,
  });
}
