import type { Database } from '../db/client';
import type { SecretBox } from '../lib/crypto';
import { createLocation } from './factories';
import { googleReview, type FakeGoogle, type FakeGoogleReview } from './fake-google';

/**
 * A location of `ownerId`'s connected to a Google location of the fake, holding `reviews` (review-40 unless
 * told), with its tokens sealed as the app seals them and valid for an hour. `tag` keeps each test file's
 * Google accounts and tokens apart in the shared fake.
 */
export async function googleConnectedLocation(
  db: Database,
  google: FakeGoogle,
  secretBox: SecretBox,
  ownerId: number,
  { tag, reviews = [googleReview(40)] }: { tag: string; reviews?: FakeGoogleReview[] },
) {
  const account = `${tag}-${ownerId}`;
  const googleLocationId = google.addLocation(account, `l${ownerId}`, 'Main', reviews);
  const accessToken = `ya29-${tag}-${ownerId}`;
  const refreshToken = `1//${tag}-${ownerId}`;
  google.grant({ accessToken, refreshToken, accounts: [account] });
  const location = await createLocation(db, ownerId, {
    googleLocationId,
    googleAccessToken: secretBox.encrypt(accessToken),
    googleRefreshToken: secretBox.encrypt(refreshToken),
    googleTokenExpiresAt: new Date(Date.now() + 3_600_000),
  });
  return { location, googleLocationId };
}
