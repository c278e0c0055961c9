import { describe, expect, it } from 'vitest';
import { loggableUrl } from '../lib/request-log';
import { createTestDatabase, testDatabaseKinds } from '../testing/test-db';
import { createTestApp } from '../testing/test-app';
import { allRoutesOf } from '../testing/route-table';

const SECRET = 'tok3nSecretValue';
/** Route parameters that carry a message link's secret. */
const SECRET_PARAM = /:(?:token|link)\b/;
const SECRET_PARAMS = new RegExp(SECRET_PARAM.source, 'g');

describe('the URLs the request log keeps', () => {
  it('when any route of the app takes a token or a review link in its path, then the logged URL hides it', async () => {
    const database = await createTestDatabase(testDatabaseKinds[0]!);
    try {
      const { routes, unreadable } = allRoutesOf(createTestApp(database.handle.db));
      expect(unreadable).toEqual([]);
      const withSecret = routes.filter((route) => SECRET_PARAM.test(route.path));
      // The invitation and both unsubscribe links, by GET and POST, and the review link's reads and posts: a new
      // one is walked when it is added.
      expect(withSecret.length).toBeGreaterThanOrEqual(9);
      for (const route of withSecret) {
        const url = route.path.replace(SECRET_PARAMS, SECRET).replace(/:\w+/g, '1');
        expect(loggableUrl(url), `${route.method} ${route.path}`).not.toContain(SECRET);
      }
    } finally {
      await database.drop();
    }
  });
});
