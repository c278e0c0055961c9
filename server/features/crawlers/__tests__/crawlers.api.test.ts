import supertest from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../../../testing/test-app';
import { createTestDatabase, testDatabaseKinds, type TestDatabase } from '../../../testing/test-db';

/**
 * Whether a crawler obeying `robots` may fetch `path`: the longest matching rule wins and Allow wins a
 * tie (RFC 9309); `$` anchors the end of the path.
 */
function mayCrawl(robots: string, path: string): boolean {
  let best: { length: number; allow: boolean } = { length: -1, allow: true };
  for (const line of robots.split('\n')) {
    const match = /^(Allow|Disallow):\s*(\S*)$/.exec(line.trim());
    if (!match || !match[2]) continue;
    const rule = match[2];
    const anchored = rule.endsWith('$');
    const prefix = anchored ? rule.slice(0, -1) : rule;
    const matches = anchored ? path === prefix : path.startsWith(prefix);
    if (!matches) continue;
    const allow = match[1] === 'Allow';
    if (rule.length > best.length || (rule.length === best.length && allow))
      best = { length: rule.length, allow };
  }
  return best.allow;
}

describe.each(testDatabaseKinds)('what search engines are told on %s', (kind) => {
  let database: TestDatabase;
  let request: ReturnType<typeof supertest>;

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    request = supertest(
      createTestApp(database.handle.db, { PUBLIC_BASE_URL: 'https://reviews.example.com' }),
    );
  });
  afterAll(() => database?.drop());

  it('when a crawler reads /robots.txt, then it may crawl the landing page and shared walls only, and finds the sitemap', async () => {
    const res = await request.get('/robots.txt').expect(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain/);
    const robots = res.text;
    expect(robots).toContain('Sitemap: https://reviews.example.com/sitemap.xml');
    expect(mayCrawl(robots, '/')).toBe(true);
    expect(mayCrawl(robots, '/wall/k3y')).toBe(true);
    for (const path of [
      '/review/abc123',
      '/invite/t0ken',
      '/auth',
      '/dashboard',
      '/api/user',
      '/api/widget/k3y',
    ])
      expect({ path, allowed: mayCrawl(robots, path) }).toEqual({ path, allowed: false });
  });

  it('when a crawler reads /sitemap.xml, then it lists the public landing page and no private link', async () => {
    const res = await request.get('/sitemap.xml').expect(200);
    expect(res.headers['content-type']).toMatch(/^application\/xml/);
    expect(res.text).toContain('<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">');
    const locations = [...res.text.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]);
    expect(locations).toEqual(['https://reviews.example.com/']);
  });
});
