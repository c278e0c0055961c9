import { randomBytes, scrypt as scryptCallback, timingSafeEqual } from 'node:crypto';
import os from 'node:os';
import { promisify } from 'node:util';

const rawScrypt = promisify(scryptCallback) as (
  password: string,
  salt: Buffer,
  keylen: number,
  options: { N: number; r: number; p: number; maxmem: number },
) => Promise<Buffer>;

/**
 * Each scrypt run takes 128 MB and a core for ~100 ms: eighty at once took a server from 365 MB to 884 MB
 * and slowed everyone's sign-in thirtyfold (issue 12, item 3). At most this many run together; the others
 * wait their turn in order.
 */
export const HASH_CONCURRENCY = Math.max(2, os.availableParallelism());
let active = 0;
let peak = 0;
const waiting: (() => void)[] = [];

/** How many hashes run now, and the most that ever ran together (for tests and diagnostics). */
export function hashingLoad(): { active: number; peak: number } {
  return { active, peak };
}

async function scrypt(...args: Parameters<typeof rawScrypt>): Promise<Buffer> {
  // A finished run hands its slot straight to the next in line, so a newcomer cannot slip in between.
  if (active >= HASH_CONCURRENCY) await new Promise<void>((resolve) => waiting.push(resolve));
  else active += 1;
  peak = Math.max(peak, active);
  try {
    return await rawScrypt(...args);
  } finally {
    const next = waiting.shift();
    if (next) next();
    else active -= 1;
  }
}

/**
 * OWASP's scrypt recommendation (N=2^17, r=8, p=1); the parameters are stored in each hash, so they can be
 * raised later without invalidating existing passwords. Under vitest a hash costs N=2^10, the same code with a
 * hundredth of the work: the API suites make thousands of accounts, and at full cost hashing was three quarters
 * of their time. The built server cannot take that branch: scripts/build-server.mjs defines process.env.VITEST
 * away and fails if it is still there.
 */
export const PASSWORD_COST = { N: 2 ** 17, r: 8, p: 1 } as const;
const PARAMS = process.env.VITEST ? { ...PASSWORD_COST, N: 2 ** 10 } : PASSWORD_COST;
const KEY_LENGTH = 32;
const maxmem = (N: number, r: number) => 256 * N * r;

/** `scrypt$N$r$p$salt$hash`, salt and hash in base64. */
export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16);
  const key = await scrypt(password, salt, KEY_LENGTH, { ...PARAMS, maxmem: maxmem(PARAMS.N, PARAMS.r) });
  return ['scrypt', PARAMS.N, PARAMS.r, PARAMS.p, salt.toString('base64'), key.toString('base64')].join('$');
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [scheme, n, r, p, salt, hash] = stored.split('$');
  if (scheme !== 'scrypt' || !salt || !hash) return false;
  const N = Number(n);
  const R = Number(r);
  const expected = Buffer.from(hash, 'base64');
  const actual = await scrypt(password, Buffer.from(salt, 'base64'), expected.length, {
    N,
    r: R,
    p: Number(p),
    maxmem: maxmem(N, R),
  });
  return timingSafeEqual(actual, expected);
}

let dummyHash: Promise<string> | undefined;

/** Spends the time of a real verification, so an unknown email cannot be told apart by timing. */
export async function verifyAgainstDummy(password: string): Promise<false> {
  dummyHash ??= hashPassword('not-a-real-password');
  await verifyPassword(password, await dummyHash);
  return false;
}
