import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Express } from 'express';
import type { Database } from '../db/client';
import { locations, templates } from '../db/schema';
import { facebookRating, startFakeFacebook, type FakeFacebook } from './fake-facebook';
import { googleReview, startFakeGoogle, type FakeGoogle } from './fake-google';
import { createTestContext } from './test-app';
import {
  createContact,
  createLocation,
  createReview,
  createReviewRequest,
  createUser,
  signedInAgent,
} from './factories';

/**
 * A fake Google and a fake Facebook, the app settings that point at them (route sweeps never reach the
 * internet), and the Google location and Facebook page client A's tokens reach (for seedActors).
 */
export async function startFakeProviders(): Promise<{
  google: FakeGoogle;
  facebook: FakeFacebook;
  env: Record<string, string>;
  links: ProviderLinks;
}> {
  const google = await startFakeGoogle({ clientId: 'client-123', clientSecret: 'secret-456' });
  const facebook = await startFakeFacebook({ appId: 'fb-app', appSecret: 'fb-secret' });
  const env = {
    GOOGLE_CLIENT_ID: 'client-123',
    GOOGLE_CLIENT_SECRET: 'secret-456',
    GOOGLE_API_BASE: google.url,
    GOOGLE_OAUTH_BASE: google.url,
    FACEBOOK_APP_ID: 'fb-app',
    FACEBOOK_APP_SECRET: 'fb-secret',
    FACEBOOK_API_BASE: facebook.url,
  };
  const googleLocationId = google.addLocation('acct-a', 'loc-a', 'Main Street', [googleReview(1)]);
  google.grant({ accessToken: GOOGLE_TOKENS.access, refreshToken: GOOGLE_TOKENS.refresh });
  const page = facebook.addPage('1234567890', 'alphapage', [facebookRating(1)]);
  const links = { googleLocationId, facebookPageId: page.id, facebookPageToken: page.token };
  return { google, facebook, env, links };
}

/** Google tokens stored (encrypted) on client A's location: no response may ever show them. */
export const GOOGLE_TOKENS = { access: 'ya29.SECRET-ACCESS', refresh: '1//SECRET-REFRESH' };

/** A tenant's rows, one of every kind, each named with the tenant's marker so a leak is easy to spot. */
export async function seedTenant(db: Database, marker: string, role: 'client' | 'admin' = 'client') {
  const user = await createUser(db, { role, companyName: `${marker} Company` });
  const location = await createLocation(db, user.id, { name: `${marker} Location` });
  const contact = await createContact(db, user.id, {
    name: `${marker} Contact`,
    phone: '+12133734253',
    tags: [`${marker.toLowerCase()}-tag`],
  });
  const [template] = await db
    .insert(templates)
    .values({
      ownerId: user.id,
      name: `${marker} Template`,
      channel: 'email',
      subject: `${marker} subject`,
      body: `Hello {{name}}, ${marker} asks: {{link}}`,
    })
    .returning();
  const review = await createReview(db, user.id, {
    locationId: location.id,
    contactId: contact.id,
    content: `${marker} review text`,
    reviewerName: `${marker} Reviewer`,
  });
  const request = await createReviewRequest(db, user.id, location.id, { contactId: contact.id });
  return { user, location, contact, template: template!, review, request, marker };
}

export type Tenant = Awaited<ReturnType<typeof seedTenant>>;

export interface ProviderLinks {
  googleLocationId: string;
  facebookPageId: string;
  facebookPageToken: string;
}

/**
 * Stores provider tokens on the location, encrypted with the app's own secret box (the app built by
 * createTestApp(db) without TOKEN_ENCRYPTION_KEY); answers the raw and sealed forms.
 */
export async function storeProviderTokens(db: Database, locationId: number, links: ProviderLinks) {
  const { secretBox } = createTestContext(db);
  const raw = [GOOGLE_TOKENS.access, GOOGLE_TOKENS.refresh, links.facebookPageToken];
  const [access, refresh, page] = raw.map((t) => secretBox.encrypt(t));
  await db
    .update(locations)
    .set({
      googleAccessToken: access,
      googleRefreshToken: refresh,
      googleTokenExpiresAt: new Date(Date.now() + 3_600_000),
      googleLocationId: links.googleLocationId,
      facebookPageId: links.facebookPageId,
      facebookAccessToken: page,
    })
    .where(eq(locations.id, locationId));
  return [...raw, access!, refresh!, page!];
}

/** Client A (with provider tokens), client B and an admin, each with rows, and their signed-in agents. */
export async function seedActors(db: Database, app: Express, links: ProviderLinks) {
  const tag = randomBytes(3).toString('hex').toUpperCase();
  const a = await seedTenant(db, `ALPHA${tag}`);
  const b = await seedTenant(db, `BRAVO${tag}`);
  const admin = await seedTenant(db, `ADMIN${tag}`, 'admin');
  const secrets = await storeProviderTokens(db, a.location.id, links);
  return {
    a,
    b,
    admin,
    secrets,
    agents: {
      a: await signedInAgent(app, a.user),
      b: await signedInAgent(app, b.user),
      admin: await signedInAgent(app, admin.user),
    },
  };
}

/** What no response may contain: password hashes, hash keys, raw or sealed provider tokens. */
export function secretsIn(text: string, secrets: string[]): string[] {
  const found: string[] = [];
  if (text.includes('scrypt$')) found.push('scrypt$');
  if (/password_?hash/i.test(text)) found.push('passwordHash key');
  for (const secret of secrets) if (text.includes(secret)) found.push(secret);
  return found;
}

/** A response's body as text, whatever its type (JSON, CSV, HTML, PNG). */
export function responseText(res: { text?: string; body?: unknown }): string {
  if (typeof res.text === 'string' && res.text) return res.text;
  if (Buffer.isBuffer(res.body)) return res.body.toString('latin1');
  return res.body === undefined ? '' : JSON.stringify(res.body);
}
