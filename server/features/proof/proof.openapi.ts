import { PROOF_ENTRY_KINDS, PROOF_HASH_RULE, PROOF_LOG_PAGE_MAX, PROOF_SITES } from '@shared/schemas/proof';

const hex64 = { type: 'string', pattern: '^[0-9a-f]{64}$' };
const count = { type: 'integer', minimum: 0 };
const slugParameter = {
  name: 'slug',
  in: 'path',
  required: true,
  description: "The business's proof page address, as in `/proof/{slug}`.",
  schema: { type: 'string' },
};
const notFound = {
  description: 'No business publishes a proof page at this address.',
  content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } },
};

/** The public proof's paths (issue 47) for the OpenAPI document: no key, served under `/api`, not `/api/v1`. */
export function proofOpenApiPaths(serverUrl: string) {
  const servers = [{ url: `${serverUrl}/api` }];
  return {
    '/proof/{slug}': {
      servers,
      get: {
        operationId: 'getProof',
        summary: "A business's public proof of honest collection",
        description:
          'The figures of the twelve months before the last daily publication, counted from the log up to ' +
          '`head`: anyone can re-count them from `GET /proof/{slug}/log`.',
        security: [],
        parameters: [slugParameter],
        responses: {
          '200': {
            description: 'The published figures and the head of the log they were counted to.',
            content: { 'application/json': { schema: { $ref: '#/components/schemas/ProofSummary' } } },
          },
          '404': notFound,
        },
      },
    },
    '/proof/{slug}/log': {
      servers,
      get: {
        operationId: 'getProofLog',
        summary: "A business's append-only log of invitations and offers, oldest first",
        description: `${PROOF_HASH_RULE} Re-compute each hash and check it equals the next entry's prevHash, up to the published head's seq and hash.`,
        security: [],
        parameters: [
          slugParameter,
          {
            name: 'after',
            in: 'query',
            description: 'The last seq already read; 0 (the default) starts at the first entry.',
            schema: { type: 'integer', minimum: 0, default: 0 },
          },
          {
            name: 'limit',
            in: 'query',
            schema: { type: 'integer', minimum: 1, maximum: PROOF_LOG_PAGE_MAX, default: PROOF_LOG_PAGE_MAX },
          },
        ],
        responses: {
          '200': {
            description: 'Entries after `after`, and the `after` of the next page (null at the end).',
            content: { 'application/json': { schema: { $ref: '#/components/schemas/ProofLogPage' } } },
          },
          '404': notFound,
        },
      },
    },
  };
}

export const proofOpenApiSchemas = {
  ProofLogEntry: {
    type: 'object',
    description: `One invitation that reached a customer (kind \`invited\`) or one rating left on the review page and the public sites offered next (kind \`offered\`). No names, addresses or review text. ${PROOF_HASH_RULE}`,
    required: ['seq', 'kind', 'rating', 'offered', 'at', 'prevHash', 'hash'],
    properties: {
      seq: { type: 'integer', minimum: 1 },
      kind: { enum: [...PROOF_ENTRY_KINDS] },
      rating: { type: ['integer', 'null'], minimum: 1, maximum: 5 },
      offered: { type: 'array', items: { enum: [...PROOF_SITES] } },
      at: { type: 'string', pattern: '^\\d{4}-\\d{2}-\\d{2}T\\d{2}:\\d{2}:\\d{2}Z$' },
      prevHash: hex64,
      hash: hex64,
    },
  },
  ProofLogPage: {
    type: 'object',
    required: ['entries', 'next'],
    properties: {
      entries: { type: 'array', items: { $ref: '#/components/schemas/ProofLogEntry' } },
      next: { type: ['integer', 'null'] },
    },
  },
  ProofSummary: {
    type: 'object',
    required: ['business', 'asked', 'offeredPublicLinks', 'filtered', 'byRating', 'average', 'count', 'head'],
    properties: {
      business: { type: 'string' },
      asked: { ...count, description: '`invited` entries of the twelve months.' },
      offeredPublicLinks: {
        ...count,
        description: '`offered` entries of the twelve months with a site offered.',
      },
      filtered: { ...count, description: '`offered` entries of the twelve months with no site offered.' },
      byRating: {
        type: 'array',
        items: {
          type: 'object',
          required: ['rating', 'rated', 'offered'],
          properties: { rating: { type: 'integer' }, rated: count, offered: count },
        },
      },
      average: {
        type: ['number', 'null'],
        description: "The average of the business's Google and Facebook star ratings, all time.",
      },
      count: { ...count, description: "The business's Google and Facebook reviews, all time." },
      head: {
        type: 'object',
        required: ['seq', 'hash', 'publishedAt'],
        properties: {
          seq: { type: 'integer', minimum: 0, description: '0 with no entry yet (hash: 64 zeros).' },
          hash: hex64,
          publishedAt: { type: 'string', format: 'date-time' },
        },
      },
    },
  },
};
