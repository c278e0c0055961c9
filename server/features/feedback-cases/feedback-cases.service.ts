import {
  FEEDBACK_CASE_PAGE_SIZE,
  FEEDBACK_MESSAGES,
  type FeedbackCase,
  type FeedbackCaseList,
  type FeedbackCaseListQuery,
  type FeedbackCaseSummary,
  type FeedbackMessage,
} from '@shared/schemas/feedback-cases';
import type { Scope } from '../../db/scope';
import type { AppContext } from '../../lib/context';
import { REVIEW_NOT_FOUND } from '@shared/reviews';
import { conflict, notFound } from '../../lib/errors';
import { excerpt } from '../../lib/excerpt';
import {
  createFeedbackCasesRepository,
  type CaseCursor,
  type CaseRow,
  type MessageRow,
} from './feedback-cases.repository';
import { createFeedbackDelivery } from './feedback-delivery';
import { openFeedbackLink } from './feedback-link';
import { reachOf } from './reach';

const EXCERPT_MAX = 140;

const iso = (date: Date | null) => (date ? date.toISOString() : null);

function toMessage(row: MessageRow): FeedbackMessage {
  return {
    id: row.id,
    author: row.author,
    body: row.body,
    createdAt: row.createdAt.toISOString(),
    delivery:
      row.author === 'business'
        ? {
            status: row.deliveryStatus ?? 'queued',
            channel: row.channel,
            sendAt: iso(row.sendAt),
            reason: row.deliveryReason,
          }
        : null,
  };
}

const customerNameOf = (row: CaseRow) => row.contactName?.trim() || row.reviewerName.trim() || 'The customer';

/** What a case and its line in the list both say of it. */
const caseHeader = (row: CaseRow) => ({
  id: row.id,
  reviewId: row.reviewId,
  status: row.status,
  customerName: customerNameOf(row),
  rating: row.rating,
});

export function toCase(row: CaseRow, messages: MessageRow[]): FeedbackCase {
  const reach = reachOf(row);
  return {
    ...caseHeader(row),
    channel: reach.channel,
    unreachableReason: reach.channel ? null : reach.reason,
    openedAt: row.openedAt.toISOString(),
    resolvedAt: iso(row.resolvedAt),
    resolvedBy: row.resolvedBy,
    messages: messages.map(toMessage),
  };
}

function toSummary(row: CaseRow): FeedbackCaseSummary {
  return {
    ...caseHeader(row),
    excerpt: excerpt(row.content, EXCERPT_MAX),
    locationName: row.locationName,
    openedAt: row.openedAt.toISOString(),
    lastActivityAt: row.lastActivityAt.toISOString(),
    lastAuthor: row.lastAuthor,
  };
}

const cursorOf = (row: CaseRow) => `${row.lastActivityAt.toISOString()}|${row.id}`;

function readCursor(cursor: string | undefined): CaseCursor | undefined {
  if (!cursor) return undefined;
  const [at, id] = cursor.split('|');
  const lastActivityAt = new Date(at!);
  return Number.isNaN(lastActivityAt.getTime()) ? undefined : { lastActivityAt, id: Number(id) };
}

/** What the customer's link opens: their case, or nothing (a link never made, altered, or of a closed account). */
export type CustomerView =
  { state: 'invalid' } | { state: 'ok'; feedbackCase: CaseRow; messages: MessageRow[] };

/** The business's side of feedback cases (screens, API) and the customer's (their link's page). */
export function feedbackCasesServiceFor(ctx: AppContext) {
  const repo = createFeedbackCasesRepository(ctx.db, ctx.events);
  const delivery = createFeedbackDelivery(ctx);

  async function requireCase(scope: Scope, id: number): Promise<CaseRow> {
    const row = await repo.findById(scope, id);
    if (!row) throw notFound(FEEDBACK_MESSAGES.notFound);
    return row;
  }

  async function caseOf(scope: Scope, id: number): Promise<FeedbackCase> {
    const row = await requireCase(scope, id);
    return toCase(row, await repo.messages(id));
  }

  /** The case a customer's link names, if the link is ours and its key still the case's. */
  async function caseOfLink(token: string): Promise<CaseRow | undefined> {
    const claims = openFeedbackLink(ctx.secretBox, token);
    if (!claims) return undefined;
    const row = await repo.findForLink(claims.caseId);
    return row?.linkKey === claims.linkKey ? row : undefined;
  }

  async function openLink(token: string): Promise<CustomerView> {
    const row = await caseOfLink(token);
    return row
      ? { state: 'ok', feedbackCase: row, messages: await repo.messages(row.id) }
      : { state: 'invalid' };
  }

  return {
    async list(scope: Scope, query: FeedbackCaseListQuery): Promise<FeedbackCaseList> {
      const [rows, counts] = await Promise.all([
        repo.list(scope, query.status, readCursor(query.cursor), FEEDBACK_CASE_PAGE_SIZE + 1),
        repo.counts(scope),
      ]);
      const page = rows.slice(0, FEEDBACK_CASE_PAGE_SIZE);
      return {
        cases: page.map(toSummary),
        counts,
        nextCursor: rows.length > FEEDBACK_CASE_PAGE_SIZE ? cursorOf(page.at(-1)!) : null,
      };
    },

    async ofReview(scope: Scope, reviewId: number): Promise<{ case: FeedbackCase | null }> {
      const row = await repo.findByReview(scope, reviewId);
      if (row) return { case: toCase(row, await repo.messages(row.id)) };
      if (!(await repo.reviewInScope(scope, reviewId))) throw notFound(REVIEW_NOT_FOUND);
      return { case: null };
    },

    get: caseOf,

    /**
     * A message to the customer, queued on the delivery path (their consent and quiet hours hold there); the
     * answer says when it goes, or that it went into the outbox.
     */
    async send(scope: Scope, id: number, body: string): Promise<FeedbackCase> {
      const row = await requireCase(scope, id);
      if (row.status === 'resolved') throw conflict(FEEDBACK_MESSAGES.resolvedAlready);
      const reach = reachOf(row);
      if (!reach.channel) throw conflict(reach.reason);
      const messageId = await repo.addBusinessMessage({
        ownerId: scope.ownerId,
        caseId: id,
        body,
        now: ctx.now(),
      });
      if (messageId === undefined) throw conflict(FEEDBACK_MESSAGES.resolvedAlready);
      await delivery.plan(messageId);
      return caseOf(scope, id);
    },

    async resolve(scope: Scope, id: number): Promise<FeedbackCase> {
      await requireCase(scope, id);
      if (!(await repo.resolve(id, 'business', ctx.now()))) throw conflict(FEEDBACK_MESSAGES.resolvedAlready);
      return caseOf(scope, id);
    },

    async reopen(scope: Scope, id: number): Promise<FeedbackCase> {
      await requireCase(scope, id);
      if (!(await repo.reopen(id, ctx.now()))) throw conflict(FEEDBACK_MESSAGES.notResolved);
      return caseOf(scope, id);
    },

    openLink,

    /**
     * The customer's answer on their page: the business's turn again (and the bell says so). Answers whether the
     * link named a case; the page is read again after the redirect.
     */
    async answer(token: string, body: string): Promise<boolean> {
      const row = await caseOfLink(token);
      if (row) await repo.addCustomerMessage(row, customerNameOf(row), body, ctx.now());
      return Boolean(row);
    },

    /** The customer says their problem is solved; answers whether the link named a case. */
    async resolveByCustomer(token: string): Promise<boolean> {
      const row = await caseOfLink(token);
      if (row) await repo.resolve(row.id, 'customer', ctx.now());
      return Boolean(row);
    },
  };
}

export type FeedbackCasesService = ReturnType<typeof feedbackCasesServiceFor>;
