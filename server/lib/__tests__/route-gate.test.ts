import express, { Router, type RequestHandler } from 'express';
import supertest from 'supertest';
import { describe, expect, it } from 'vitest';
import { collectRoutes } from '../../testing/route-table';
import { gatedByFirstSegment } from '../route-gate';

/** Answers with its name; counts how often a request reached it. */
function answering(name: string, seen: string[]): RequestHandler {
  return (_req, res) => {
    seen.push(name);
    res.json({ by: name });
  };
}

/** Notes that a request walked into a router, then lets it go on. */
function entered(name: string, seen: string[]): RequestHandler {
  return (_req, _res, next) => {
    seen.push(`entered ${name}`);
    next();
  };
}

/** The router, noting each request that walks into it. */
function observed(name: string, router: Router, seen: string[]): Router {
  const walked = (req: Parameters<Router>[0], res: Parameters<Router>[1], next: Parameters<Router>[2]) => {
    seen.push(`walked ${name}`);
    router(req, res, next);
  };
  return Object.assign(walked, { stack: router.stack }) as unknown as Router;
}

describe('a router gated by its routes first path segment', () => {
  it('when a request begins as none of its routes do, then it is not walked; when it does, its routes answer', async () => {
    const seen: string[] = [];
    const contacts = Router();
    contacts.get('/contacts', answering('contacts list', seen));
    contacts.get('/contacts/:id', answering('contact', seen));
    const reviews = Router();
    const replies = Router();
    replies.post('/reviews/:id/reply', answering('reply', seen));
    reviews.get('/reviews', answering('reviews list', seen));
    reviews.use(replies);
    const app = express();
    app.use(
      [observed('contacts', contacts, seen), observed('reviews', reviews, seen)].map(gatedByFirstSegment),
    );
    app.use((_req, res) => res.status(404).json({ by: 'nobody' }));

    await supertest(app).get('/reviews').expect(200, { by: 'reviews list' });
    await supertest(app).post('/reviews/7/reply').expect(200, { by: 'reply' });
    await supertest(app).get('/contacts/3').expect(200, { by: 'contact' });
    // Express matches paths without regard to case or a trailing slash; the gate lets the same requests in.
    await supertest(app).get('/Reviews/').expect(200, { by: 'reviews list' });
    await supertest(app).get('/reviewsx').expect(404);
    await supertest(app).get('/').expect(404);

    expect(seen).toEqual([
      'walked reviews',
      'reviews list',
      'walked reviews',
      'reply',
      'walked contacts',
      'contact',
      'walked reviews',
      'reviews list',
    ]);
  });

  it('when a router has middleware for every request or a route that begins with a parameter, then every request walks it', async () => {
    const seen: string[] = [];
    const withMiddleware = Router();
    withMiddleware.use(entered('middleware', seen));
    withMiddleware.get('/things', answering('things', seen));
    const withParameter = Router();
    withParameter.get('/:slug', answering('by slug', seen));
    const mountedAtPath = Router();
    mountedAtPath.use('/nested', Router().get('/x', answering('nested', seen)));
    const app = express();
    app.use([withMiddleware, mountedAtPath, withParameter].map(gatedByFirstSegment));

    await supertest(app).get('/nested/x').expect(200, { by: 'nested' });
    await supertest(app).get('/anything').expect(200, { by: 'by slug' });

    expect(seen).toEqual(['entered middleware', 'nested', 'entered middleware', 'by slug']);
  });

  it("when the app's routes are walked (route roles, the route table), then a gated router's routes are all there", () => {
    const outer = Router();
    const inner = Router();
    inner.get('/reviews', answering('list', []));
    inner.post('/reviews/:id/reply', answering('reply', []));
    outer.use(gatedByFirstSegment(inner));

    expect(collectRoutes((outer as unknown as { stack: never[] }).stack).routes).toEqual([
      { method: 'GET', path: '/reviews' },
      { method: 'POST', path: '/reviews/:id/reply' },
    ]);
  });
});
