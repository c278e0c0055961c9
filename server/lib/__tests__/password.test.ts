import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { HASH_CONCURRENCY, hashingLoad, hashPassword, PASSWORD_COST, verifyPassword } from '../password';

const root = path.resolve(__dirname, '../../..');

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

  it('when the server hashes a password outside the tests, then it pays the full scrypt cost OWASP recommends', async () => {
    const script = `import { hashPassword } from './server/lib/password.ts'; console.log(await hashPassword('pw'));`;
    const { stdout } = await promisify(execFile)(process.execPath, ['--import', 'tsx', '--eval', script], {
      cwd: root,
      env: { PATH: process.env.PATH ?? '' },
    });

    expect(PASSWORD_COST).toEqual({ N: 2 ** 17, r: 8, p: 1 });
    expect(stdout).toMatch(/^scrypt\$131072\$8\$1\$/);
  });
});
