import { z } from 'zod';
import { proofOpenApiPaths, proofOpenApiSchemas } from '../proof';
import {
  ApiErrorSchema,
  ApiReviewRequestResultSchema,
  ApiReviewRequestSchema,
  IDEMPOTENCY_KEY_MAX,
} from '@shared/schemas/api-access';

type JsonSchema = Record<string, unknown>;

/** A zod schema as JSON Schema 2020-12 (OpenAPI 3.1's dialect), named schemas moved to components. */
function componentsOf(schemas: z.ZodType[], io: 'input' | 'output'): Record<string, JsonSchema> {
  const components: Record<string, JsonSchema> = {};
  for (const schema of schemas) {
    const generated = z.toJSONSchema(schema, {
      io,
      target: 'draft-2020-12',
      // Transforms (trimming, phone normalising) describe their input; what they accept is the input's type.
      unrepresentable: 'any',
    });
    // Named schemas land in $defs; in OpenAPI they live under components.schemas.
    const json = JSON.parse(
      JSON.stringify(generated).replaceAll('"#/$defs/', '"#/components/schemas/'),
    ) as JsonSchema & { $defs?: Record<string, JsonSchema> };
    const { $defs = {}, $schema: _schema, ...rest } = json;
    Object.assign(components, $defs);
    const id = z.globalRegistry.get(schema)?.id;
    if (id && !('$ref' in rest)) components[id] = rest;
  }
  return components;
}

const ref = (schema: z.ZodType) => ({ $ref: `#/components/schemas/${z.globalRegistry.get(schema)!.id}` });

const errorResponse = (description: string) => ({
  description,
  content: { 'application/json': { schema: ref(ApiErrorSchema) } },
});

/** The request body schema of POST /api/v1/review-requests, the very object its route validates with. */
export const REVIEW_REQUEST_BODY_SCHEMA = ApiReviewRequestSchema;

/** The OpenAPI 3.1 document of the public API, generated from the shared zod schemas (issue 16). */
export function buildOpenApiDocument(serverUrl: string) {
  return {
    openapi: '3.1.0',
    info: {
      title: 'ReviewFlow API',
      version: '1.0.0',
      description:
        'Send review requests from your point-of-sale or CRM. Create an API key in Settings › API and send ' +
        'it as a bearer token. Webhook events are signed with the header ' +
        '`Reviewflow-Signature: t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<raw body>">`, keyed with the ' +
        "endpoint's signing secret. A business's public proof page (`/proof/{slug}`) is read without a key " +
        'from the two `/proof` paths, whose log anyone can re-compute.',
    },
    servers: [{ url: `${serverUrl}/api/v1` }],
    security: [{ bearerAuth: [] }],
    paths: {
      '/review-requests': {
        post: {
          operationId: 'createReviewRequest',
          summary: 'Send a review request to a customer',
          description:
            'Finds the contact by email (then phone) or creates it, and sends a review request exactly as ' +
            "the app's Send request does: the plan's monthly limit, opt-outs and quiet hours apply.",
          parameters: [
            {
              name: 'Idempotency-Key',
              in: 'header',
              required: false,
              description:
                'Any unique string (a UUID, your sale id). A retry with the same key and body answers the ' +
                'first answer and sends nothing again; the same key with another body is refused (422). ' +
                'Keys are kept 24 hours.',
              schema: { type: 'string', minLength: 1, maxLength: IDEMPOTENCY_KEY_MAX },
            },
          ],
          requestBody: {
            required: true,
            content: { 'application/json': { schema: ref(REVIEW_REQUEST_BODY_SCHEMA) } },
          },
          responses: {
            '201': {
              description: 'The request was created (queued, or sent, or waiting for quiet hours to end).',
              content: { 'application/json': { schema: ref(ApiReviewRequestResultSchema) } },
            },
            '400': errorResponse('The body is not valid; `details` names each field.'),
            '401': errorResponse('No API key, or a key that is not valid or was revoked.'),
            '402': errorResponse("The plan's review requests for this month are used."),
            '404': errorResponse('The location or template does not exist in your account.'),
            '409': errorResponse(
              'The customer opted out of this channel (`conflict`), was asked within the ask window of ' +
                'Settings › Requests (`asked_recently`: the request is skipped), or a call with this ' +
                'Idempotency-Key is still running.',
            ),
            '422': errorResponse('This Idempotency-Key was used with a different body.'),
            '429': errorResponse('Too many calls with this key; wait and retry (see the RateLimit header).'),
          },
        },
      },
      ...proofOpenApiPaths(serverUrl),
    },
    components: {
      securitySchemes: {
        bearerAuth: {
          type: 'http',
          scheme: 'bearer',
          description: 'An API key from Settings › API, e.g. `Authorization: Bearer rvf_…`',
        },
      },
      schemas: {
        ...componentsOf([REVIEW_REQUEST_BODY_SCHEMA], 'input'),
        ...componentsOf([ApiReviewRequestResultSchema, ApiErrorSchema], 'output'),
        ...proofOpenApiSchemas,
      },
    },
  };
}
