import { createHash, randomBytes } from 'node:crypto';
import {
  API_KEY_MESSAGES,
  API_KEY_PREFIX,
  API_KEY_VISIBLE_CHARS,
  API_KEYS_MAX,
  type ApiKey,
  type CreatedApiKey,
} from '@shared/schemas/api-access';
import type { AppContext } from '../../lib/context';
import { conflict, notFound } from '../../lib/errors';
import { createApiKeysRepository, type ApiKeyRow, type ApiKeysRepository } from './api-keys.repository';

/**
 * SHA-256 of the whole key. Passwords need a slow hash because people choose guessable ones; these keys
 * are 192 random bits, so no dictionary or brute force gets anywhere near a preimage, and a fast hash lets
 * every API call be checked with one indexed lookup instead of costing a scrypt run per request.
 */
export const hashApiKey = (key: string) => createHash('sha256').update(key, 'utf8').digest('hex');

/** `rvf_` + 32 base64url characters (24 random bytes). */
export const newApiKey = () => `${API_KEY_PREFIX}${randomBytes(24).toString('base64url')}`;

const toApiKey = (row: ApiKeyRow): ApiKey => ({
  id: row.id,
  name: row.name,
  prefix: row.prefix,
  lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
  revokedAt: row.revokedAt?.toISOString() ?? null,
  createdAt: row.createdAt.toISOString(),
});

export function createApiKeysService(repo: ApiKeysRepository) {
  return {
    async list(ownerId: number): Promise<ApiKey[]> {
      return (await repo.list(ownerId)).map(toApiKey);
    },

    /** The full key is in this answer only; the database keeps its hash. At most API_KEYS_MAX live keys. */
    async create(ownerId: number, name: string): Promise<CreatedApiKey> {
      const key = newApiKey();
      const prefix = key.slice(0, API_KEY_PREFIX.length + API_KEY_VISIBLE_CHARS);
      const row = await repo.insertUnderCap(
        { ownerId, name, prefix, keyHash: hashApiKey(key) },
        API_KEYS_MAX,
      );
      if (!row) throw conflict(API_KEY_MESSAGES.tooMany);
      return { ...toApiKey(row), key };
    },

    async revoke(ownerId: number, id: number): Promise<ApiKey> {
      const row = await repo.revoke(ownerId, id);
      if (!row) throw notFound(API_KEY_MESSAGES.notFound);
      return toApiKey(row);
    },

    /** The key's id and owner when it is live; its last use is recorded. */
    async authenticate(key: string): Promise<{ id: number; ownerId: number } | undefined> {
      if (!key.startsWith(API_KEY_PREFIX) || key.length > 200) return undefined;
      const found = await repo.findActiveByHash(hashApiKey(key));
      if (found) await repo.touch(found.id);
      return found;
    },
  };
}

export type ApiKeysService = ReturnType<typeof createApiKeysService>;

export function apiKeysServiceFor(ctx: Pick<AppContext, 'db'>): ApiKeysService {
  return createApiKeysService(createApiKeysRepository(ctx.db));
}
