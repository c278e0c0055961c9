import { afterEach, describe, expect, it, vi } from 'vitest';
import { SERVER_CONNECTIONS, serverPool } from '../client';

// Tests read the environment directly: they choose the databases the suite runs on.
const serverUrl = process.env.TEST_DATABASE_URL || undefined;

describe.skipIf(!serverUrl)("the server's connections to Postgres", () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('when the server has been quiet for longer than pg closes idle connections, then its connections are still open', async () => {
    // pg's idle timeout is a setTimeout of 10 s: a controllable clock passes a quiet minute at once.
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const pool = serverPool(serverUrl!);
    try {
      const busy = await Promise.all(Array.from({ length: SERVER_CONNECTIONS }, () => pool.connect()));
      for (const connection of busy) connection.release();

      vi.advanceTimersByTime(60_000);

      expect(pool.totalCount).toBe(SERVER_CONNECTIONS);
      expect(pool.idleCount).toBe(SERVER_CONNECTIONS);
    } finally {
      await pool.end();
    }
  });
});
