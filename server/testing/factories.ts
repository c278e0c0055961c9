import { createHash, randomBytes } from 'node:crypto';
import type { RegisterInput } from '@shared/schemas/auth';
import type { Role } from '@shared/schemas/user';
import type { Express } from 'express';
import supertest from 'supertest';
import type { Database } from '../db/client';
import type { TeamRole } from '@shared/schemas/team';
import { contacts, locations, reviewRequests, reviews, teamInvitations, teamMembers } from '../db/schema';
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

/**
 * A user straight in the database (a client unless told otherwise), with a verified email unless
 * `verified: false`: only the tests of the unverified cap need an unverified account.
 */
export async function createUser(
  db: Database,
  overrides: Partial<RegisterInput> & { role?: Role; verified?: boolean } = {},
) {
  const { role = 'client', verified = true, ...registration } = overrides;
  const auth = createAuthService(createUsersRepository(db));
  const input = registrationFor(registration);
  const user = await auth.register(input, role, { verified });
  return { ...user, password: input.password };
}

type Insert<T extends { $inferInsert: unknown }> = T['$inferInsert'];

export async function createLocation(
  db: Database,
  ownerId: number,
  overrides: Partial<Insert<typeof locations>> = {},
) {
  const [row] = await db
    .insert(locations)
    .values({
      ownerId,
      name: 'Main Street',
      address: '1 Main Street',
      googleReviewUrl: 'https://search.google.com/local/writereview?placeid=test',
      facebookPageUrl: 'https://www.facebook.com/testpage/reviews',
      publicLink: randomBytes(16).toString('base64url'),
      ...overrides,
    })
    .returning();
  return row!;
}

export async function createContact(
  db: Database,
  ownerId: number,
  overrides: Partial<Insert<typeof contacts>> = {},
) {
  const tag = randomBytes(4).toString('hex');
  const [row] = await db
    .insert(contacts)
    .values({ ownerId, name: 'Jordan Lee', email: `jordan-${tag}@example.com`, phone: null, ...overrides })
    .returning();
  return row!;
}

export async function createReview(
  db: Database,
  ownerId: number,
  overrides: Partial<Insert<typeof reviews>> = {},
) {
  const [row] = await db
    .insert(reviews)
    .values({
      ownerId,
      type: 'private',
      rating: 5,
      content: 'Lovely service',
      reviewerName: 'Sam Doe',
      // Written here unless told otherwise: it reached ReviewFlow when it was written (issue 41).
      ...(overrides.createdAt && { receivedAt: overrides.createdAt }),
      ...overrides,
    })
    .returning();
  return row!;
}

export async function createReviewRequest(
  db: Database,
  ownerId: number,
  locationId: number,
  overrides: Partial<Insert<typeof reviewRequests>> = {},
) {
  const [row] = await db
    .insert(reviewRequests)
    .values({
      ownerId,
      locationId,
      method: 'email',
      uniqueLink: randomBytes(16).toString('base64url'),
      ...overrides,
    })
    .returning();
  return row!;
}

/** A supertest agent signed in as this user (made with createUser). */
export async function signedInAgent(app: Express, user: { email: string; password: string }) {
  const agent = supertest.agent(app);
  const res = await agent.post('/api/login').send({ email: user.email, password: user.password });
  if (res.status !== 200) throw new Error(`sign-in failed: ${res.status} ${JSON.stringify(res.body)}`);
  return agent;
}

/** A team member of a client (issue 16): their own login (role 'member') and the membership. */
export async function createMember(
  db: Database,
  clientId: number,
  { role = 'manager', locationIds = null }: { role?: TeamRole; locationIds?: number[] | null } = {},
) {
  const user = await createUser(db, { role: 'member', firstName: `Member ${role}` });
  const [member] = await db
    .insert(teamMembers)
    .values({ clientId, userId: user.id, role, locationIds })
    .returning();
  return { user, member: member! };
}

/** A pending invitation of a client, with its raw token (the email's link carries it). */
export async function createInvitation(
  db: Database,
  clientId: number,
  overrides: Partial<Insert<typeof teamInvitations>> = {},
) {
  const token = randomBytes(32).toString('base64url');
  const [row] = await db
    .insert(teamInvitations)
    .values({
      clientId,
      email: `invitee-${randomBytes(4).toString('hex')}@example.com`,
      role: 'responder',
      tokenHash: createHash('sha256').update(token).digest('base64url'),
      expiresAt: new Date(Date.now() + 7 * 24 * 3_600_000),
      ...overrides,
    })
    .returning();
  return { invitation: row!, token };
}
