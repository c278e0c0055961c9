import express, { type Express } from 'express';
import multer from 'multer';
import supertest from 'supertest';
import { describe, expect, it } from 'vitest';
import { ApiErrorBodySchema } from '@shared/schemas/api-error';
import { AppError, badRequest, conflict, errorHandler, notFound } from '../errors';

/** A small app with the real parsers in front of the one error handler: what each refusal answers. */
function parserApp(): Express {
  const app = express();
  const upload = multer({ storage: multer.memoryStorage(), limits: { fileSize: 8, files: 1 } });
  app.post('/json', express.json({ limit: '1kb' }), (req, res) => {
    res.json(req.body);
  });
  app.post('/upload', upload.single('file'), (_req, res) => {
    res.status(204).end();
  });
  app.get('/thrown/:kind', (req) => {
    const kinds: Record<string, Error> = {
      plain: badRequest('Plain'),
      taken: conflict('Taken', 'email_taken'),
      missing: notFound(),
      limit: new AppError(402, 'Upgrade'),
      crash: new Error('secret internals'),
    };
    throw kinds[String(req.params.kind)];
  });
  app.use(errorHandler);
  return app;
}

describe('the error handler', () => {
  const app = parserApp();

  it('when JSON is malformed, then it answers 400 malformed_json', async () => {
    const res = await supertest(app).post('/json').set('Content-Type', 'application/json').send('{"a":');

    expect(res.status).toBe(400);
    expect(res.body).toEqual({ message: 'Malformed JSON in request body', code: 'malformed_json' });
  });

  it('when the JSON body is over the limit, then it answers 413 payload_too_large', async () => {
    const res = await supertest(app)
      .post('/json')
      .set('Content-Type', 'application/json')
      .send(JSON.stringify({ a: 'x'.repeat(2048) }));

    expect(res.status).toBe(413);
    expect(res.body).toEqual({ message: 'Request body is too large', code: 'payload_too_large' });
  });

  it('when the body names a charset the parser cannot read, then it answers 415 unsupported_media_type', async () => {
    const res = await supertest(app)
      .post('/json')
      .set('Content-Type', 'application/json; charset=klingon')
      .send('{}');

    expect(res.status).toBe(415);
    expect(res.body.code).toBe('unsupported_media_type');
  });

  it('when an uploaded file is over multer’s limit, then it answers 413 payload_too_large', async () => {
    const res = await supertest(app)
      .post('/upload')
      .attach('file', Buffer.from('far more than eight'), 'a.txt');

    expect(res.status).toBe(413);
    expect(res.body).toEqual({ message: 'The file is too large.', code: 'payload_too_large' });
  });

  it('when a file comes in an unexpected field, then it answers 400 malformed_upload', async () => {
    const res = await supertest(app).post('/upload').attach('other', Buffer.from('tiny'), 'a.txt');

    expect(res.status).toBe(400);
    expect(res.body.code).toBe('malformed_upload');
  });

  it.each([
    ['plain', 400, 'bad_request'],
    ['taken', 409, 'email_taken'],
    ['missing', 404, 'not_found'],
    ['limit', 402, 'plan_limit_reached'],
    ['crash', 500, 'internal_error'],
  ])('when a route throws %s, then the answer carries its status and code', async (kind, status, code) => {
    const res = await supertest(app).get(`/thrown/${kind}`);

    expect(res.status).toBe(status);
    expect(res.body.code).toBe(code);
    expect(ApiErrorBodySchema.safeParse(res.body).success).toBe(true);
    expect(JSON.stringify(res.body)).not.toContain('secret internals');
  });
});
