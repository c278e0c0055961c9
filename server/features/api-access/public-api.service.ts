import { createHash } from 'node:crypto';
import {
  API_REQUEST_MESSAGES,
  IDEMPOTENCY_MESSAGES,
  type ApiReviewRequestInput,
  type ApiReviewRequestResult,
} from '@shared/schemas/api-access';
import { METHOD_LABELS } from '@shared/schemas/review-requests';
import type { Database } from '../../db/client';
import type { AppContext } from '../../lib/context';
import { AppError, badRequest, conflict, notFound } from '../../lib/errors';
import { contactsServiceFor, type ContactsService } from '../contacts';
import {
  REQUEST_ACTION_MESSAGES,
  reviewRequestsServiceFor,
  type ReviewRequestsService,
} from '../review-requests';
import { createApiKeysRepository, type ApiKeysRepository } from './api-keys.repository';

/** JSON with object keys sorted, so `{"a":1,"b":2}` and `{"b":2,"a":1}` are the same body. */
function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>).sort(([a], [b]) => (a < b ? -1 : 1));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

export const requestHashOf = (body: unknown) =>
  createHash('sha256').update(canonicalJson(body), 'utf8').digest('hex');

export interface ApiAnswer {
  status: number;
  body: unknown;
  /** True when this is the stored answer of an earlier call with the same Idempotency-Key. */
  replayed: boolean;
}

/** What one call's work reads and writes through: the repositories and services of one transaction. */
export interface RequestWork {
  repo: ApiKeysRepository;
  contacts: ContactsService;
  requests: ReviewRequestsService;
}

/**
 * The public API's review request (POST /api/v1/review-requests): finds or creates the contact by email or
 * phone, then sends through the same review-request service the app's "Send request" uses, so the plan's
 * limit, opt-outs and quiet hours apply exactly as they do there. Both happen in one transaction: a call
 * refused after the contact was made (the plan's limit is only known when the request is inserted) leaves
 * no new contact behind.
 */
export function createPublicApiService(deps: {
  repo: ApiKeysRepository;
  /** Runs `work` in one transaction, everything it touches bound to that transaction. */
  inTransaction: <T>(work: (scoped: RequestWork) => Promise<T>) => Promise<T>;
}) {
  const { repo, inTransaction } = deps;

  async function contactFor({ repo, contacts }: RequestWork, ownerId: number, input: ApiReviewRequestInput) {
    const found = await repo.findContact(ownerId, input.email, input.phone);
    if (found) {
      // The system that knows the customer says which language they read: their contact keeps it.
      if (input.language) await contacts.update(ownerId, found.id, { language: input.language });
      return { id: found.id, created: false };
    }
    try {
      const created = await contacts.create(ownerId, {
        name: input.name,
        email: input.email,
        phone: input.phone,
        tags: [],
        language: input.language ?? null,
      });
      return { id: created.id, created: true };
    } catch (error) {
      // Two calls for the same new customer at once: the other one created the contact. The insert ran in
      // a savepoint of its own, so this transaction goes on after the unique violation.
      const again = error instanceof AppError && error.status === 409;
      const raced = again ? await repo.findContact(ownerId, input.email, input.phone) : undefined;
      if (raced) return { id: raced.id, created: false };
      throw error;
    }
  }

  async function createRequest(
    work: RequestWork,
    ownerId: number,
    input: ApiReviewRequestInput,
  ): Promise<ApiReviewRequestResult | { skipped: string }> {
    const { repo, requests } = work;
    const channel = input.channel ?? (input.email ? 'email' : 'sms');
    const locationId = input.locationId ?? (await repo.firstLocationId(ownerId));
    if (locationId === undefined) throw badRequest(API_REQUEST_MESSAGES.noLocation);
    // Checked before the contact is written, so the common refusals cost no rollback.
    if (!(await repo.hasLocation(ownerId, locationId))) throw notFound('Location not found');
    if (input.templateId !== undefined) {
      const templateChannel = await repo.findTemplateChannel(ownerId, input.templateId);
      if (!templateChannel) throw notFound(REQUEST_ACTION_MESSAGES.templateNotFound);
      if (templateChannel !== channel)
        throw badRequest(`This template is for ${METHOD_LABELS[templateChannel]}.`);
    }
    const contact = await contactFor(work, ownerId, input);
    // An automatic path: a contact asked inside the ask window is skipped, on their timeline (issue 41).
    const { request, skipped } = await requests.createFromApi(ownerId, {
      locationId,
      contactId: contact.id,
      method: channel,
      templateId: input.templateId,
    });
    if (skipped !== undefined) return { skipped };
    return {
      id: request.id,
      status: request.status,
      channel,
      contactId: contact.id,
      contactCreated: contact.created,
      locationId: request.locationId,
      createdAt: request.createdAt,
    };
  }

  /**
   * The contact and the request, or neither. A skip is committed (its line on the contact's timeline) and
   * then answered as 409 asked_recently.
   */
  async function send(ownerId: number, input: ApiReviewRequestInput): Promise<ApiReviewRequestResult> {
    const result = await inTransaction((work) => createRequest(work, ownerId, input));
    if ('skipped' in result) throw conflict(result.skipped, 'asked_recently');
    return result;
  }

  return {
    /**
     * Runs the call once per Idempotency-Key (Stripe's rules): the same key and body answer the stored
     * answer, a different body 422, a call still running 409. A refusal (4xx) is stored like a success, so
     * a retry hears the same; a failure on our side stores nothing, so a retry runs again.
     */
    async createReviewRequest(
      ownerId: number,
      input: ApiReviewRequestInput,
      idempotency?: { key: string; body: unknown },
    ): Promise<ApiAnswer> {
      if (!idempotency) return { status: 201, body: await send(ownerId, input), replayed: false };
      const hash = requestHashOf(idempotency.body);
      if (!(await repo.claimIdempotencyKey(ownerId, idempotency.key, hash))) {
        const stored = await repo.findIdempotencyKey(ownerId, idempotency.key);
        if (!stored) throw conflict(IDEMPOTENCY_MESSAGES.inProgress);
        if (stored.requestHash !== hash)
          throw new AppError(422, IDEMPOTENCY_MESSAGES.reused, undefined, 'idempotency_key_reused');
        if (stored.responseStatus === null) throw conflict(IDEMPOTENCY_MESSAGES.inProgress);
        return { status: stored.responseStatus, body: stored.responseBody, replayed: true };
      }
      let answer: { status: number; body: unknown };
      try {
        answer = { status: 201, body: await send(ownerId, input) };
      } catch (error) {
        if (!(error instanceof AppError) || error.status >= 500) {
          await repo.releaseIdempotencyKey(ownerId, idempotency.key);
          throw error;
        }
        answer = { status: error.status, body: error.toBody() };
      }
      await repo.completeIdempotencyKey(ownerId, idempotency.key, answer.status, answer.body);
      return { ...answer, replayed: false };
    },

    pruneIdempotencyKeys: (now: Date) =>
      repo.pruneIdempotencyKeys(new Date(now.getTime() - 24 * 60 * 60 * 1000)),
  };
}

export type PublicApiService = ReturnType<typeof createPublicApiService>;

export function publicApiServiceFor(ctx: AppContext): PublicApiService {
  return createPublicApiService({
    repo: createApiKeysRepository(ctx.db),
    inTransaction: (work) =>
      ctx.db.transaction((tx) => {
        // Every query of the work goes through `tx` (the embedded database runs one transaction at a time,
        // so a query outside it would wait for it forever); nested transactions become savepoints.
        const scoped = { ...ctx, db: tx as unknown as Database };
        return work({
          repo: createApiKeysRepository(scoped.db),
          contacts: contactsServiceFor(scoped),
          requests: reviewRequestsServiceFor(scoped),
        });
      }),
  });
}
