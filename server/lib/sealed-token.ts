import type { SecretBox } from './crypto';

/**
 * Tokens for links in emails that name one record and one of a few kinds (an unsubscribe link, say),
 * sealed with the server's key (AES-256-GCM, authenticated): nobody can make one for another record or
 * alter it. The prefix keeps one family's tokens from being read as another's.
 */
export function sealedTokens<Kind extends string>(prefix: string, kinds: readonly Kind[]) {
  return {
    seal: (secretBox: SecretBox, id: number, kind: Kind): string =>
      secretBox.encrypt(`${prefix}:${id}:${kind}`),

    open(secretBox: SecretBox, token: string): { id: number; kind: Kind } | undefined {
      if (token.length > 512) return undefined;
      let plain: string;
      try {
        plain = secretBox.decrypt(token);
      } catch {
        return undefined;
      }
      const [tokenPrefix, rawId, kind] = plain.split(':');
      const id = Number(rawId);
      if (tokenPrefix !== prefix || !Number.isSafeInteger(id) || id <= 0) return undefined;
      if (!(kinds as readonly string[]).includes(kind ?? '')) return undefined;
      return { id, kind: kind as Kind };
    },
  };
}
