import express, { Router, type RequestHandler } from 'express';
import multer from 'multer';
import { DEFAULT_PHONE_COUNTRY, isPhoneCountry, type CountryCode } from '@shared/phone';
import {
  ContactListQuerySchema,
  CreateContactSchema,
  IMPORT_MAX_BYTES,
  UpdateContactSchema,
} from '@shared/schemas/contacts';
import { IdParamsSchema } from '@shared/schemas/domain';
import { z } from 'zod';
import type { AppContext } from '../../lib/context';
import { AppError, badRequest } from '../../lib/errors';
import { tenantOf } from '../../middleware/tenant';
import { validate } from '../../middleware/validate';
import { contactsServiceFor } from './contacts.service';

const ImportQuerySchema = z.object({
  country: z
    .string()
    .trim()
    .toUpperCase()
    .refine(isPhoneCountry, { error: 'Unknown country code' })
    .transform((code) => code as CountryCode)
    .default(DEFAULT_PHONE_COUNTRY),
});

export const IMPORT_TOO_LARGE = 'The CSV file is larger than 5 MB. Split it into smaller files.';
export const IMPORT_NO_FILE = 'Please choose a CSV file to import.';

/**
 * The import body: a raw CSV body (`text/csv`) or a multipart form with the file in `file`, each with its
 * own 5 MB limit (the JSON limit of the rest of the API is far smaller). Bytes stay bytes here: the
 * service decodes them as strict UTF-8.
 */
function readCsvUpload(): RequestHandler {
  const raw = express.raw({
    type: ['text/csv', 'application/csv', 'text/plain', 'application/vnd.ms-excel'],
    limit: IMPORT_MAX_BYTES,
  });
  const upload = multer({
    storage: multer.memoryStorage(),
    limits: { fileSize: IMPORT_MAX_BYTES, files: 1, fields: 10, parts: 12 },
  }).single('file');
  return (req, res, next) => {
    const done = (err?: unknown) => {
      if (!err) return next();
      const { type, code } = err as { type?: string; code?: string };
      if (type === 'entity.too.large' || code === 'LIMIT_FILE_SIZE') {
        return next(new AppError(413, IMPORT_TOO_LARGE));
      }
      if (err instanceof multer.MulterError)
        return next(
          badRequest(`The upload could not be read: ${err.message}`, undefined, 'malformed_upload'),
        );
      next(err);
    };
    if (req.is('multipart/form-data')) upload(req, res, done);
    else raw(req, res, done);
  };
}

export function createContactsRoutes(ctx: AppContext): Router {
  const router = Router();
  const service = contactsServiceFor(ctx);

  router.get(
    '/contacts',
    validate({ query: ContactListQuerySchema }, async ({ query }, req, res) => {
      const { contacts, total } = await service.list(tenantOf(req), query);
      res.setHeader('X-Total-Count', String(total));
      res.json(contacts);
    }),
  );

  router.get('/contacts/tags', async (req, res) => {
    res.json(await service.tags(tenantOf(req)));
  });

  router.get('/contacts/export.csv', async (req, res) => {
    const csv = await service.exportCsv(tenantOf(req));
    res.setHeader('Content-Disposition', 'attachment; filename="contacts.csv"');
    res.type('text/csv; charset=utf-8').send(csv);
  });

  router.post(
    '/contacts/import',
    readCsvUpload(),
    validate({ query: ImportQuerySchema }, async ({ query }, req, res) => {
      const bytes: unknown = req.file?.buffer ?? req.body;
      if (!(bytes instanceof Uint8Array) || bytes.length === 0) throw badRequest(IMPORT_NO_FILE);
      res.json(await service.importCsv(tenantOf(req), bytes, query.country));
    }),
  );

  router.post(
    '/contacts',
    validate({ body: CreateContactSchema }, async ({ body }, req, res) => {
      res.status(201).json(await service.create(tenantOf(req), body));
    }),
  );

  router.get(
    '/contacts/:id',
    validate({ params: IdParamsSchema }, async ({ params }, req, res) => {
      res.json(await service.get(tenantOf(req), params.id));
    }),
  );

  router.get(
    '/contacts/:id/consent',
    validate({ params: IdParamsSchema }, async ({ params }, req, res) => {
      res.json(await service.consent(tenantOf(req), params.id));
    }),
  );

  router.get(
    '/contacts/:id/timeline',
    validate({ params: IdParamsSchema }, async ({ params }, req, res) => {
      res.json(await service.timeline(tenantOf(req), params.id));
    }),
  );

  router.patch(
    '/contacts/:id',
    validate({ params: IdParamsSchema, body: UpdateContactSchema }, async ({ params, body }, req, res) => {
      res.json(await service.update(tenantOf(req), params.id, body));
    }),
  );

  router.delete(
    '/contacts/:id',
    validate({ params: IdParamsSchema }, async ({ params }, req, res) => {
      await service.remove(tenantOf(req), params.id);
      res.status(204).end();
    }),
  );

  return router;
}
