import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { Writable } from 'node:stream';
import express from 'express';
import supertest from 'supertest';
import { afterEach, describe, expect, it } from 'vitest';
import { errorHandler } from '../errors';
import { createLogger } from '../logger';
import { loggableUrl, requestLog } from '../request-log';

interface Line {
  level: number;
  msg: string;
  req?: { id: string; method: string; url: string };
  res?: { statusCode: number };
  responseTime?: number;
  err?: { message: string };
}

/** The app's request log in front of a few routes, and every line it writes, parsed. */
function loggedApp() {
  const lines: Line[] = [];
  const written: ((line: Line) => void)[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      const line = JSON.parse(chunk.toString('utf8')) as Line;
      lines.push(line);
      written.splice(0).forEach((notify) => notify(line));
      done();
    },
  });
  const logger = createLogger('info', stream);
  const app = express();
  app.use(requestLog(logger, { ignore: (req) => req.url === '/api/health' }));
  app.get('/api/health', (_req, res) => {
    res.json({ status: 'ok' });
  });
  app.get('/api/things/:id', (req, res) => {
    res.status(req.params.id === 'missing' ? 404 : 200).json({ id: req.params.id });
  });
  app.get('/api/sign-in', (req, res) => {
    req.log.info({ attempt: { email: 'ana@example.com', password: 'hunter2-secret' } }, 'signing in');
    res.json({ ok: true });
  });
  app.get('/api/crash', () => {
    throw new Error('disk full');
  });
  const held = { arrived: () => {}, release: () => {} };
  app.get('/api/slow', (_req, res) => {
    held.release = () => res.json({ late: true });
    held.arrived();
  });
  app.use(errorHandler);
  const nextLine = () => new Promise<Line>((resolve) => written.push(resolve));
  return { app, lines, held, nextLine };
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

describe('the request log', () => {
  let server: http.Server | undefined;
  afterEach(() => {
    server?.close();
    server = undefined;
  });

  it('when a request is answered, then one line names its id, method, path, status and time, and the id goes back', async () => {
    const { app, lines } = loggedApp();

    const res = await supertest(app).get('/api/things/missing?sort=new').expect(404);

    expect(res.headers['x-request-id']).toMatch(UUID);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({
      level: 30,
      msg: 'request completed',
      req: { id: res.headers['x-request-id'], method: 'GET', url: '/api/things/missing?sort=new' },
      res: { statusCode: 404 },
    });
    expect(lines[0]!.responseTime).toBeGreaterThanOrEqual(0);
  });

  it("when a proxy sends a plain X-Request-Id, then it is the request's id; anything else is replaced", async () => {
    const { app, lines } = loggedApp();

    const kept = await supertest(app).get('/api/things/1').set('X-Request-Id', 'lb-7f3a.0001_x');
    const replaced = await supertest(app).get('/api/things/2').set('X-Request-Id', 'a b"}{"admin":true');
    const tooLong = await supertest(app).get('/api/things/3').set('X-Request-Id', 'x'.repeat(65));

    expect(kept.headers['x-request-id']).toBe('lb-7f3a.0001_x');
    expect(replaced.headers['x-request-id']).toMatch(UUID);
    expect(tooLong.headers['x-request-id']).toMatch(UUID);
    expect(lines.map((line) => line.req?.id)).toEqual([
      'lb-7f3a.0001_x',
      replaced.headers['x-request-id'],
      tooLong.headers['x-request-id'],
    ]);
  });

  it("when a handler fails, then the request's line is an error and the failure's own line carries the same request", async () => {
    const { app, lines } = loggedApp();

    const res = await supertest(app).get('/api/crash').expect(500);

    const id = res.headers['x-request-id'];
    expect(lines).toEqual([
      expect.objectContaining({
        level: 50,
        msg: 'unhandled error',
        req: { id, method: 'GET', url: '/api/crash' },
        err: expect.objectContaining({ message: 'disk full' }),
      }),
      expect.objectContaining({ level: 50, msg: 'request errored', res: { statusCode: 500 } }),
    ]);
  });

  it("when a handler logs something holding a password, then its line hides it and the request's line is whole", async () => {
    const { app, lines } = loggedApp();

    const res = await supertest(app).get('/api/sign-in?next=%2Fdashboard').expect(200);

    const id = res.headers['x-request-id'];
    expect(lines).toEqual([
      expect.objectContaining({
        msg: 'signing in',
        req: { id, method: 'GET', url: '/api/sign-in?next=%2Fdashboard' },
        attempt: { email: 'ana@example.com', password: '[redacted]' },
      }),
      expect.objectContaining({
        msg: 'request completed',
        req: { id, method: 'GET', url: '/api/sign-in?next=%2Fdashboard' },
      }),
    ]);
    expect(JSON.stringify(lines)).not.toContain('hunter2-secret');
  });

  it("when a link's token is in the path or the query, then the line names the request without it", async () => {
    const { app, lines } = loggedApp();

    const res = await supertest(app).get('/api/invitations/tok3nSecretValue?next=%2Fteam').expect(404);

    expect(lines).toEqual([
      expect.objectContaining({
        msg: 'request completed',
        req: {
          id: res.headers['x-request-id'],
          method: 'GET',
          url: '/api/invitations/[redacted]?next=%2Fteam',
        },
        res: { statusCode: 404 },
      }),
    ]);
  });

  it.each([
    ['/auth?reset=tok3nSecretValue', '/auth?reset=[redacted]'],
    ['/verify-email?token=tok3nSecretValue', '/verify-email?token=[redacted]'],
    ['/invite/tok3nSecretValue', '/invite/[redacted]'],
    ['/api/invitations/tok3nSecretValue/accept', '/api/invitations/[redacted]/accept'],
    ['/api/unsubscribe/tok3nSecretValue', '/api/unsubscribe/[redacted]'],
    ['/api/notifications/unsubscribe/tok3nSecretValue', '/api/notifications/unsubscribe/[redacted]'],
    ['/review/tok3nSecretValue', '/review/[redacted]'],
    ['/api/public/review/tok3nSecretValue', '/api/public/review/[redacted]'],
    ['/api/public/review/tok3nSecretValue/video', '/api/public/review/[redacted]/video'],
    [
      '/api/integrations/google/callback?state=tok3nSecretValue&code=tok3nSecretValue&scope=x',
      '/api/integrations/google/callback?state=[redacted]&code=[redacted]&scope=x',
    ],
    ['/api/reviews?filter=all&page=2&q=code', '/api/reviews?filter=all&page=2&q=code'],
    ['/api/contacts/12', '/api/contacts/12'],
  ])('when the logged URL is %s, then the line keeps %s', (url, logged) => {
    expect(loggableUrl(url)).toBe(logged);
  });

  it('when a load balancer checks health, then it gets its answer and its id but no line', async () => {
    const { app, lines } = loggedApp();

    const res = await supertest(app).get('/api/health').expect(200);

    expect(res.headers['x-request-id']).toMatch(UUID);
    expect(lines).toEqual([]);
  });

  it('when the caller goes away before the answer, then its line says it was aborted, not completed', async () => {
    const { app, held, nextLine } = loggedApp();
    server = app.listen(0, '127.0.0.1');
    await new Promise((resolve) => server!.once('listening', resolve));
    const arrived = new Promise<void>((resolve) => (held.arrived = resolve));

    const request = http.get(`http://127.0.0.1:${(server.address() as AddressInfo).port}/api/slow`);
    request.on('error', () => {});
    await arrived;
    const line = nextLine();
    request.destroy();

    expect(await line).toMatchObject({ level: 30, msg: 'request aborted', req: { url: '/api/slow' } });
    held.release();
  });
});
