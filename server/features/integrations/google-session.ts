import type { GoogleClient } from './google.client';
import type { IntegrationLocation, IntegrationsRepository } from './integrations.repository';

/**
 * A Google session on a connected location's stored tokens: a refreshed access token is saved to the
 * location, so the next call (this process's or another's) starts from it.
 */
export function locationGoogleSession(
  google: GoogleClient,
  repo: Pick<IntegrationsRepository, 'saveGoogleTokens'>,
  ownerId: number,
  location: Pick<
    IntegrationLocation,
    'id' | 'googleAccessToken' | 'googleRefreshToken' | 'googleTokenExpiresAt'
  >,
) {
  return google.session(
    {
      accessToken: location.googleAccessToken!,
      refreshToken: location.googleRefreshToken,
      expiresAt: location.googleTokenExpiresAt ?? new Date(0),
    },
    (fresh) => repo.saveGoogleTokens(ownerId, location.id, fresh),
  );
}
