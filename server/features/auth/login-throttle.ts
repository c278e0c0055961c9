import type { Database } from '../../db/client';
import { createLoginThrottleRepository } from './login-throttle.repository';

/** Failed sign-ins from one address to one account before that address is paused for that account. */
export const FREE_FAILURES = 5;
const FIRST_PAUSE_SECONDS = 30;
const MAX_PAUSE_SECONDS = 15 * 60;
/** A failure streak older than this is forgotten. */
const STREAK_MEMORY_MS = 24 * 60 * 60 * 1000;
/** Failures from all addresses together that pause an account for the rest of the window... */
export const ACCOUNT_WINDOW_FAILURES = 20;
export const ACCOUNT_WINDOW_MS = 15 * 60 * 1000;
/** ...except for an address the owner signed in from lately: an attacker cannot lock the owner out. */
export const KNOWN_ADDRESS_MS = 30 * 24 * 60 * 60 * 1000;

/** The pause after `failures` consecutive failures from one address: 30 s, 60 s, 2 min, ... up to 15 min. */
export function pauseSeconds(failures: number): number {
  if (failures < FREE_FAILURES) return 0;
  return Math.min(FIRST_PAUSE_SECONDS * 2 ** (failures - FREE_FAILURES), MAX_PAUSE_SECONDS);
}

export type AttemptVerdict = { allowed: true } | { allowed: false; waitSeconds: number };

/**
 * Password guessing protection per account, on top of the per-IP limit on the sign-in route. Counters
 * live in the rate_limits table, shared by every server process:
 *
 * - `account-ip:{email}:{ip}`: the failure streak of one address against one account (hits) and the end
 *   of its pause (reset_at). Five wrong passwords in a row pause that address, 30 s doubling to 15 min.
 * - `account:{email}`: failures from every address in a 15-minute window; past 20 the account accepts no
 *   attempt until the window ends, except from a known address.
 * - `known:{email}:{ip}`: an address the account signed in from in the last 30 days.
 *
 * An attempt is counted as a failure before the password is checked, inside a transaction that holds the
 * account's lock, so parallel guesses cannot all slip through; a right password takes its count back.
 */
export function createLoginThrottle(db: Database, now: () => Date = () => new Date()) {
  const repo = createLoginThrottleRepository(db);
  const email = (value: string) => value.trim().toLowerCase();
  const keys = (address: string, ip: string) => ({
    streak: `account-ip:${email(address)}:${ip}`,
    account: `account:${email(address)}`,
    known: `known:${email(address)}:${ip}`,
  });
  const waitUntil = (at: Date, current: Date) =>
    Math.max(1, Math.ceil((at.getTime() - current.getTime()) / 1000));

  return {
    /** Counts an attempt (as a failure until it succeeds) unless the account or this address is paused. */
    async begin(address: string, ip: string): Promise<AttemptVerdict> {
      const current = now();
      const k = keys(address, ip);
      return repo.transaction(email(address), async (counters) => {
        const rows = await counters.lock([k.streak, k.account], current);
        const streak = rows.get(k.streak)!;
        const account = rows.get(k.account)!;
        if (streak.hits >= FREE_FAILURES && streak.resetAt > current) {
          return { allowed: false, waitSeconds: waitUntil(streak.resetAt, current) };
        }
        const windowOpen = account.resetAt > current;
        if (windowOpen && account.hits >= ACCOUNT_WINDOW_FAILURES) {
          const known = await counters.isLive(k.known, current);
          if (!known) return { allowed: false, waitSeconds: waitUntil(account.resetAt, current) };
        }

        const stale = current.getTime() - streak.resetAt.getTime() > STREAK_MEMORY_MS;
        const failures = (stale ? 0 : streak.hits) + 1;
        await counters.set(k.streak, {
          hits: failures,
          resetAt: new Date(current.getTime() + pauseSeconds(failures) * 1000),
        });
        if (windowOpen) {
          await counters.increment(k.account);
        } else {
          await counters.set(k.account, {
            hits: 1,
            resetAt: new Date(current.getTime() + ACCOUNT_WINDOW_MS),
          });
        }
        return { allowed: true };
      });
    },

    /** The password was right: the attempt was no failure, and this address is now a known one. */
    async succeeded(address: string, ip: string): Promise<void> {
      const current = now();
      const k = keys(address, ip);
      await repo.transaction(email(address), async (counters) => {
        await counters.remove(k.streak);
        await counters.decrement(k.account);
        await counters.keepUntil(k.known, new Date(current.getTime() + KNOWN_ADDRESS_MS));
      });
    },
  };
}

export type LoginThrottle = ReturnType<typeof createLoginThrottle>;
