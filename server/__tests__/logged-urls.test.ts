import { describe, expect, it } from 'vitest';
import { loggableUrl } from '../lib/request-log';
import { createTestDatabase, testDatabaseKinds } from '../testing/test-db';
import { createTestApp } from '../testing/test-app';
import { allRoutesOf } from '../testing/route-table';

const SECRET = 'tok3nSecretValue';

describe('the URLs the request log keeps', () => {
  it('when any route of the app takes a token in its path, then the logged URL hides it', async () => {
    const database = await createTestDatabase(testDatabaseKinds[0]!);
    try {
      const { routes, unreadable } = allRoutesOf(createTestApp(database.handle.db));
      expect(unreadable).toEqual([]);
      const withToken = routes.filter((route) => /:token\b/.test(route.path));
      // The invitation and both unsubscribe links, by GET and POST: a new one is walked when it is added.
      expect(withToken.length).toBeGreaterThanOrEqual(6);
      for (const route of withToken) {
        const url = route.path.replace(/:token\b/g, SECRET).replace(/:\w+/g, '1');
        expect(loggableUrl(url), `${route.method} ${route.path}`).not.toContain(SECRET);
      }
    } finally {
      await database.drop();
    }
  });
});
