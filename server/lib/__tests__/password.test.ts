import { describe, expect, it } from 'vitest';
import { HASH_CONCURRENCY, hashingLoad, hashPassword, verifyPassword } from '../password';

describe('password hashing', () => {
  it('when many hashes are asked for at once, then no more than a few run together (memory and CPU stay bounded)', async () => {
    const before = hashingLoad().peak;

    const hashes = await Promise.all(
      Array.from({ length: HASH_CONCURRENCY * 4 }, (_, i) => hashPassword(`pw-${i}`)),
    );

    expect(hashes).toHaveLength(HASH_CONCURRENCY * 4);
    expect(hashingLoad().peak).toBeLessThanOrEqual(HASH_CONCURRENCY);
    expect(hashingLoad().peak).toBeGreaterThanOrEqual(Math.min(2, HASH_CONCURRENCY));
    expect(before).toBeLessThanOrEqual(HASH_CONCURRENCY);
    expect(hashingLoad().active).toBe(0);
    expect(await verifyPassword('pw-3', hashes[3]!)).toBe(true);
    expect(await verifyPassword('pw-3', hashes[4]!)).toBe(false);
  }, 60_000);
});
