import { randomBytes, timingSafeEqual } from 'node:crypto';
import type { Session, SessionData } from 'express-session';
import { z } from 'zod';
import type { Provider } from '@shared/schemas/integrations';
import type { SecretBox } from '../../lib/crypto';

declare module 'express-session' {
  interface SessionData {
    /** The nonce of the OAuth flow in progress, per provider: the callback must come back to this session. */
    oauthNonces?: Partial<Record<Provider, string>>;
    /** The last callback's state and where it led, per provider: a repeated callback leads there again. */
    oauthDone?: Partial<Record<Provider, { state: string; path: string }>>;
  }
}

/** How long a user may take on the provider's consent screen. */
export const OAUTH_STATE_TTL_MS = 10 * 60 * 1000;

/** Who started the flow, for which client and location: sealed into the `state` parameter. */
export interface OAuthFlow {
  provider: Provider;
  /** The client whose location is connected (the tenant of the connect request). */
  tenantId: number;
  /** The signed-in user who started it: the client, or an admin inside the client's area. */
  userId: number;
  locationId: number;
}

const PayloadSchema = z.object({
  kind: z.literal('oauth-state'),
  provider: z.enum(['google', 'facebook']),
  tenantId: z.number().int().positive(),
  userId: z.number().int().positive(),
  locationId: z.number().int().positive(),
  nonce: z.string().min(16),
  expiresAt: z.number(),
});

type OAuthSession = Session & Partial<SessionData>;

/**
 * The OAuth `state` (RFC 6749 section 10.12): sealed with AES-GCM (so it is signed and opaque), it expires,
 * and it carries a nonce that must match the one kept in the session that started the flow. A state is
 * good for one callback only.
 */
export function createOAuthState(secretBox: SecretBox) {
  return {
    issue(session: OAuthSession, flow: OAuthFlow): string {
      const nonce = randomBytes(16).toString('base64url');
      session.oauthNonces = { ...session.oauthNonces, [flow.provider]: nonce };
      return secretBox.encrypt(
        JSON.stringify({ kind: 'oauth-state', ...flow, nonce, expiresAt: Date.now() + OAUTH_STATE_TTL_MS }),
      );
    },

    /** The flow the state names, or null when it is forged, expired, replayed or from another session. */
    verify(
      session: OAuthSession,
      provider: Provider,
      userId: number,
      state: string | undefined,
    ): OAuthFlow | null {
      const expected = session.oauthNonces?.[provider];
      if (session.oauthNonces) delete session.oauthNonces[provider];
      if (!state || !expected) return null;
      let payload: z.infer<typeof PayloadSchema>;
      try {
        const parsed = PayloadSchema.safeParse(JSON.parse(secretBox.decrypt(state)));
        if (!parsed.success) return null;
        payload = parsed.data;
      } catch {
        return null;
      }
      const sameNonce =
        payload.nonce.length === expected.length &&
        timingSafeEqual(Buffer.from(payload.nonce), Buffer.from(expected));
      if (!sameNonce || payload.provider !== provider || payload.userId !== userId) return null;
      if (payload.expiresAt < Date.now()) return null;
      return {
        provider: payload.provider,
        tenantId: payload.tenantId,
        userId: payload.userId,
        locationId: payload.locationId,
      };
    },
  };
}

export type OAuthState = ReturnType<typeof createOAuthState>;
