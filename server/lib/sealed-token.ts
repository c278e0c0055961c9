import type { SecretBox } from './crypto';

/** A sealed token is a few hundred characters; anything far longer is not one, and is not decrypted. */
const MAX_TOKEN_LENGTH = 512;

/**
 * The parts after `prefix` of a token sealed as `prefix:part:part…` with the server's key, or undefined for
 * anything else (not ours, altered, another family's).
 */
export function openSealedParts(secretBox: SecretBox, token: string, prefix: string): string[] | undefined {
  if (token.length > MAX_TOKEN_LENGTH) return undefined;
  let plain: string;
  try {
    plain = secretBox.decrypt(token);
  } catch {
    return undefined;
  }
  const [tokenPrefix, ...parts] = plain.split(':');
  return tokenPrefix === prefix ? parts : undefined;
}

/** A part of a token that names a row: a positive whole number, else undefined. */
export function sealedId(part: string | undefined): number | undefined {
  const id = Number(part);
  return Number.isSafeInteger(id) && id > 0 ? id : undefined;
}

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
      const [rawId, kind, ...rest] = openSealedParts(secretBox, token, prefix) ?? [];
      const id = sealedId(rawId);
      if (id === undefined || rest.length > 0 || !(kinds as readonly string[]).includes(kind ?? ''))
        return undefined;
      return { id, kind: kind as Kind };
    },
  };
}
