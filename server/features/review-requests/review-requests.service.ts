import { randomBytes } from 'node:crypto';
import type { Channel } from '@shared/schemas/domain';
import {
  askedRecentlyReason,
  BULK_MAX_CONTACTS,
  BULK_MESSAGES,
  METHOD_LABELS,
  REQUEST_PAGE_SIZE,
  REQUEST_UNPAGED_LIMIT,
  optedOutMessage,
  type BulkReviewRequestInput,
  type BulkReviewRequestPreview,
  type BulkReviewRequestResult,
  type BulkSkipped,
  type LastAsk,
  canResend,
  canRetry,
  type CreateReviewRequestInput,
  type LinkRequestResponse,
  type QrCodeResponse,
  type ReviewRequest,
  type ReviewRequestDetail,
  type ReviewRequestListQuery,
} from '@shared/schemas/review-requests';
import type { RequestSettings } from '@shared/schemas/request-settings';
import { SAMPLE_LINK_PATH } from '@shared/schemas/templates';
import { csvLine } from '../../lib/csv';
import { qrCodeFor } from '../../lib/qr-code';
import { badRequest, conflict, notFound } from '../../lib/errors';
import { wholeClient, type Scope } from '../../db/scope';
import type { AppContext } from '../../lib/context';
import type { Transaction } from '../../db/client';
import {
  createReviewRequestsRepository,
  type ContactForRequest,
  type NewRequest,
  type ReviewRequestsRepository,
} from './review-requests.repository';
import { createRequestSettingsRepository, sendingRules } from './request-settings.repository';
import { customerTimeZone, localDescription, sendTimeFor } from './sending-schedule';
import { createPlanLimits, type PlanLimits } from '../billing';
import { unsubscribeToken } from '../contacts';
import { composeEmail, composeText, templateFor } from '../templates';
import { lockUserRow } from '../../db/user-row-lock';
import { customerLanguage } from '../../db/customer-language';
import type { Language } from '@shared/i18n/languages';
import { recentAsks } from './contact-policy.repository';

/** The customer's personal link: 128 random bits, 22 base64url characters (PRODUCT.md section 4). */
export const newUniqueLink = () => randomBytes(16).toString('base64url');

const NO_ADDRESS: Record<Channel, string> = {
  email: 'This contact has no email address.',
  sms: 'This contact has no phone number.',
  whatsapp: 'This contact has no phone number.',
};

/** Why a contact cannot get a request on this channel, or null when it can. */
function unreachable(
  contact: ContactForRequest,
  method: Channel,
): { status: 400 | 409; reason: string } | null {
  const optedOutAt = {
    email: contact.emailOptedOutAt,
    sms: contact.smsOptedOutAt,
    whatsapp: contact.whatsappOptedOutAt,
  }[method];
  if (optedOutAt) return { status: 409, reason: optedOutMessage(method) };
  const address = method === 'email' ? contact.email : contact.phone;
  if (!address?.trim()) return { status: 400, reason: NO_ADDRESS[method] };
  return null;
}

interface Options {
  publicBaseUrl: string;
  settings: ReturnType<typeof createRequestSettingsRepository>;
  /** The plan's monthly request limit (issue 11); without it, no limit (unit tests of the rules). */
  limits?: Pick<PlanLimits, 'reserveRequests' | 'usage'>;
  /** A contact's email unsubscribe link, for the bulk preview's email as delivery writes it. */
  unsubscribeUrl?: (contactId: number) => string;
  now?: () => Date;
  /** Tests replace it to force a collision; the default is newUniqueLink. */
  generateLink?: () => string;
}

export const MONTHLY_LIMIT_REACHED = "Not sent: this month's review requests of your plan are used";
export const UNVERIFIED_CAP_REACHED = 'Not sent: confirm your email address to send more review requests';

export const REQUEST_ACTION_MESSAGES = {
  notRetryable: 'Only a failed request, or one kept in the outbox, can be sent again.',
  notCancellable: 'This request can no longer be cancelled.',
  sendingNow: 'This request is being sent right now and can no longer be cancelled.',
  notResendable: 'This request has no contact to send it to.',
  templateNotFound: 'Template not found',
} as const;

/** The no-gating audit: one line per message sent for a request. */
export const REQUEST_AUDIT_COLUMNS = [
  'Message ID',
  'Sent at (UTC)',
  'Request ID',
  'Message',
  'Customer',
  'Channel',
  'Recipient',
  'Status',
  'Subject',
  'Message text',
  'Rating',
  'Rated at (UTC)',
  'Offered Google review link',
  'Offered Facebook review link',
] as const;

const AUDIT_BATCH = 500;

/**
 * The contact policy of one way of asking: the dialog refuses a recently asked contact (409) unless the
 * owner confirmed; automatic paths (bulk, /api/v1) skip them; a resend is the owner's explicit choice.
 */
type AskPolicy = 'refuse' | 'skip' | 'allow';

/** Where an ask came from, on the contact's timeline. */
const ASKED_FROM = { dialog: 'Single request', bulk: 'Send to many', api: 'API' } as const;

const firstNameOf = (name: string) => name.trim().split(/\s+/)[0] || name;

export function createReviewRequestsService(repo: ReviewRequestsRepository, options: Options) {
  const generateLink = options.generateLink ?? newUniqueLink;
  const now = options.now ?? (() => new Date());
  const limits = options.limits;
  /**
   * The plan's say on how many new requests may go out, asked in the inserting transaction; `onShort`
   * hears which limit held the rest back.
   */
  const reserveFor = (ownerId: number, onShort?: (reason: string) => void) =>
    limits
      ? async (tx: Parameters<PlanLimits['reserveRequests']>[0], wanted: number) => {
          const { granted, stoppedBy } = await limits.reserveRequests(tx, ownerId, wanted);
          if (stoppedBy)
            onShort?.(stoppedBy === 'unverified_cap' ? UNVERIFIED_CAP_REACHED : MONTHLY_LIMIT_REACHED);
          return granted;
        }
      : undefined;
  /** This month's requests the plan still allows, read without reserving any. */
  async function monthlyRequestsLeft(ownerId: number): Promise<number> {
    const { plan, usage } = await limits!.usage(ownerId);
    return plan.reviewRequestLimit === null
      ? Infinity
      : Math.max(0, plan.reviewRequestLimit - usage.reviewRequests);
  }
  const reviewUrl = (token: string) => `${options.publicBaseUrl}/review/${token}`;

  /** A location outside a location-limited member's scope is not found, like an unknown one. */
  async function requireLocation(scope: Scope, id: number) {
    const location = await repo.findLocation(scope, id);
    if (!location) throw notFound('Location not found');
    return location;
  }

  async function requireRequest(scope: Scope, id: number) {
    const request = await repo.findById(scope, id);
    if (!request) throw notFound('Review request not found');
    return request;
  }

  /** When each customer's message may go out now: at once, or when their quiet hours end. */
  function timing(settings: RequestSettings, location: { timeZone: string | null }) {
    const rules = sendingRules(settings);
    const at = now();
    return (contact: Pick<ContactForRequest, 'timeZone' | 'phone'>) => {
      const zone = customerTimeZone(contact, location.timeZone, rules);
      const runAt = sendTimeFor(at, zone, rules);
      return runAt > at
        ? { runAt, waiting: `Quiet hours: sends at ${localDescription(runAt, zone)}` }
        : { runAt };
    };
  }

  async function requireTemplate(ownerId: number, templateId: number | undefined, method: Channel) {
    if (templateId === undefined) return undefined;
    const template = await repo.findTemplate(ownerId, templateId);
    if (!template) throw notFound(REQUEST_ACTION_MESSAGES.templateNotFound);
    if (template.channel !== method)
      throw badRequest(`This template is for ${METHOD_LABELS[template.channel]}.`);
    return template.id;
  }

  /** The skip's reason for each contact asked inside the window, found in the sending transaction. */
  function windowScreen(
    ownerId: number,
    settings: RequestSettings,
    onAsked: (contactId: number, reason: string) => void,
  ) {
    const days = settings.askWindowDays;
    return async (tx: Transaction, requests: NewRequest[]) => {
      if (days === 0) return requests;
      // A client's sends in turn, so two at once cannot both find a contact not asked yet.
      await lockUserRow(tx, ownerId);
      const recent = await recentAsks(
        tx,
        ownerId,
        requests.map((r) => r.contactId),
        days,
      );
      return requests.filter((r) => {
        const ask = recent.get(r.contactId);
        if (ask) onAsked(r.contactId, askedRecentlyReason(ask, days, settings.timeZone ?? 'UTC'));
        return !ask;
      });
    };
  }

  async function createFor(
    scope: Scope,
    input: CreateReviewRequestInput & { resentFromId?: number },
    policy: AskPolicy,
    askedFrom: string,
  ): Promise<{ request: ReviewRequest; skipped?: never } | { skipped: string; request?: never }> {
    const { ownerId } = scope;
    const location = await requireLocation(scope, input.locationId);
    const contact = await repo.findContact(ownerId, input.contactId);
    if (!contact) throw notFound('Contact not found');
    const problem = unreachable(contact, input.method);
    if (problem) throw problem.status === 409 ? conflict(problem.reason) : badRequest(problem.reason);
    const templateId = await requireTemplate(ownerId, input.templateId, input.method);
    const settings = await options.settings.get(ownerId);
    const when = timing(settings, location)(contact);

    let skipped: string | undefined;
    const screen =
      policy === 'allow'
        ? undefined
        : windowScreen(ownerId, settings, (_contactId, reason) => {
            if (policy === 'refuse')
              throw conflict(`${reason}. Confirm to ask them again.`, 'asked_recently');
            skipped = reason;
          });
    const [id] = await repo.insertWithJobs(
      ownerId,
      input.locationId,
      input.method,
      [{ contactId: contact.id, uniqueLink: generateLink(), resentFromId: input.resentFromId, ...when }],
      { templateId, screen, reserve: reserveFor(ownerId), askedFrom },
    );
    if (skipped !== undefined) {
      await repo.recordContactEvents([
        { ownerId, contactId: contact.id, kind: 'skipped', channel: input.method, detail: skipped },
      ]);
      return { skipped };
    }
    return { request: (await repo.findById(scope, id!))! };
  }

  /** The contacts a bulk send is for (each once), and those not found among the client's. */
  async function bulkCandidates(ownerId: number, input: BulkReviewRequestInput) {
    const skipped: BulkSkipped[] = [];
    let candidates: ContactForRequest[];
    if (input.tag) {
      candidates = await repo.findContactsByTag(ownerId, input.tag, BULK_MAX_CONTACTS + 1);
      if (candidates.length > BULK_MAX_CONTACTS) throw badRequest(BULK_MESSAGES.tooMany);
    } else {
      const ids = [...new Set(input.contactIds)];
      candidates = await repo.findContactsByIds(ownerId, ids);
      const found = new Set(candidates.map((c) => c.id));
      for (const id of ids)
        if (!found.has(id)) skipped.push({ contactId: id, name: null, reason: 'Contact not found' });
    }
    const eligible: ContactForRequest[] = [];
    for (const contact of candidates) {
      const problem = unreachable(contact, input.method);
      if (problem) skipped.push({ contactId: contact.id, name: contact.name, reason: problem.reason });
      else eligible.push(contact);
    }
    return { eligible, skipped };
  }

  /** The message as `contact` would read it, rendered by delivery's own functions. */
  async function previewMessage(
    ownerId: number,
    method: Channel,
    location: { name: string; defaultLanguage: Language | null },
    contact: ContactForRequest,
  ): Promise<NonNullable<BulkReviewRequestPreview['message']>> {
    const language = customerLanguage(contact.language ?? location.defaultLanguage);
    const { template: own, companyName } = await repo.messageContext(ownerId, method, language);
    const template = templateFor(method, own, language);
    const variables = {
      name: firstNameOf(contact.name),
      business: companyName.trim() || location.name,
      link: `${options.publicBaseUrl}${SAMPLE_LINK_PATH}`,
    };
    if (method !== 'email')
      return {
        contactName: contact.name,
        subject: null,
        body: composeText(template, variables, method, language),
      };
    const email = composeEmail(template, variables, {
      unsubscribeUrl: options.unsubscribeUrl?.(contact.id),
      language,
    });
    return { contactName: contact.name, subject: email.subject, body: email.text };
  }

  return {
    /** The dialog's single request: refused (409) for a contact asked inside the window unless confirmed. */
    async create(scope: Scope, input: CreateReviewRequestInput): Promise<ReviewRequest> {
      const policy = input.confirmRecentAsk ? 'allow' : 'refuse';
      return (await createFor(scope, input, policy, ASKED_FROM.dialog)).request!;
    },

    /** /api/v1: a contact asked inside the window is skipped, the reason on their timeline. */
    createFromApi: (ownerId: number, input: CreateReviewRequestInput) =>
      createFor(wholeClient(ownerId), input, 'skip', ASKED_FROM.api),

    /** The contact's last ask inside the window (null: none, or the window is off). */
    async lastAsked(ownerId: number, contactId: number): Promise<LastAsk | null> {
      if (!(await repo.findContact(ownerId, contactId))) throw notFound('Contact not found');
      const { askWindowDays } = await options.settings.get(ownerId);
      const ask = await repo.recentAsk(ownerId, contactId, askWindowDays);
      return ask
        ? { askedAt: ask.askedAt.toISOString(), method: ask.method, windowDays: askWindowDays }
        : null;
    },

    /** When requests go out: the account's sending window and reminders. */
    settings: (ownerId: number) => options.settings.get(ownerId),
    saveSettings: (ownerId: number, values: RequestSettings) => options.settings.save(ownerId, values),

    /** A one-off link and its QR code for a customer who is not a contact; nothing is sent. */
    async createLink(scope: Scope, locationId: number): Promise<LinkRequestResponse> {
      await requireLocation(scope, locationId);
      const id = await repo.insertLink(scope.ownerId, locationId, generateLink());
      const request = (await repo.findById(scope, id))!;
      return { request, ...(await qrCodeFor(reviewUrl(request.uniqueLink))) };
    },

    async detail(scope: Scope, id: number): Promise<ReviewRequestDetail> {
      const request = await repo.findDetail(scope, id);
      if (!request) throw notFound('Review request not found');
      return request;
    },

    async cancel(scope: Scope, id: number): Promise<ReviewRequest> {
      const request = await requireRequest(scope, id);
      if (!(await repo.cancel(scope, id))) {
        const now = await requireRequest(scope, id);
        throw conflict(
          now.status === request.status && request.status === 'queued'
            ? REQUEST_ACTION_MESSAGES.sendingNow
            : REQUEST_ACTION_MESSAGES.notCancellable,
        );
      }
      return requireRequest(scope, id);
    },

    /** Sends a failed or outboxed request again, to the same link, if the contact can still be reached. */
    async retry(scope: Scope, id: number): Promise<ReviewRequest> {
      const { ownerId } = scope;
      const request = await requireRequest(scope, id);
      if (!canRetry(request) || request.method === 'link')
        throw conflict(REQUEST_ACTION_MESSAGES.notRetryable);
      const contact =
        request.contactId === null ? undefined : await repo.findContact(ownerId, request.contactId);
      if (!contact) throw conflict(REQUEST_ACTION_MESSAGES.notResendable);
      const problem = unreachable(contact, request.method);
      if (problem) throw conflict(problem.reason);
      const location = await requireLocation(scope, request.locationId);
      const when = timing(await options.settings.get(ownerId), location)(contact);
      if (!(await repo.retry(scope, id, when.runAt, when.waiting)))
        throw conflict(REQUEST_ACTION_MESSAGES.notRetryable);
      return requireRequest(scope, id);
    },

    /** A new request with a new link to the same customer; the old link stays valid until used. */
    async resend(scope: Scope, id: number): Promise<ReviewRequest> {
      const request = await requireRequest(scope, id);
      if (!canResend(request) || request.method === 'link' || request.contactId === null)
        throw conflict(REQUEST_ACTION_MESSAGES.notResendable);
      const { request: created } = await createFor(
        scope,
        {
          locationId: request.locationId,
          contactId: request.contactId,
          method: request.method,
          templateId: request.templateId ?? undefined,
          resentFromId: id,
        },
        'allow',
        `Resends request #${id}`,
      );
      await repo.recordResent(scope.ownerId, id, created!.id);
      return created!;
    },

    /** The no-gating audit CSV, in batches: every message sent and what its customer was offered. */
    async *auditCsv(scope: Scope): AsyncGenerator<string> {
      yield csvLine(REQUEST_AUDIT_COLUMNS);
      let afterId = 0;
      for (;;) {
        const rows = await repo.auditPage(scope, afterId, AUDIT_BATCH);
        if (rows.length > 0)
          yield rows
            .map((row) => {
              const reminder = row.idempotencyKey?.match(/^request-reminder:\d+:(\d+)$/)?.[1];
              return csvLine([
                row.id,
                row.createdAt.toISOString(),
                row.reviewRequestId,
                reminder ? `Reminder ${reminder}` : 'Request',
                row.contactName,
                METHOD_LABELS[row.channel],
                row.recipient,
                row.status === 'outbox' ? 'Not sent (outbox)' : row.status,
                row.subject,
                row.body,
                row.rating,
                row.reviewedAt?.toISOString(),
                row.rating === null ? '' : (row.offeredLinks?.google ?? 'None set up'),
                row.rating === null ? '' : (row.offeredLinks?.facebook ?? 'None set up'),
              ]);
            })
            .join('');
        if (rows.length < AUDIT_BATCH) return;
        afterId = rows[rows.length - 1]!.id;
      }
    },

    /**
     * One request per reachable contact not asked inside the window; the others are reported with their
     * reason, each on its contact's timeline, nothing half-done.
     */
    async createMany(scope: Scope, input: BulkReviewRequestInput): Promise<BulkReviewRequestResult> {
      const { ownerId } = scope;
      const location = await requireLocation(scope, input.locationId);
      const { eligible, skipped } = await bulkCandidates(ownerId, input);
      const settings = await options.settings.get(ownerId);
      const when = timing(settings, location);
      const names = new Map(eligible.map((c) => [c.id, c.name]));
      let asking = eligible.map((c) => ({ contactId: c.id, uniqueLink: generateLink(), ...when(c) }));
      let heldBack = MONTHLY_LIMIT_REACHED;
      const screen = windowScreen(ownerId, settings, (contactId, reason) =>
        skipped.push({ contactId, name: names.get(contactId) ?? null, reason }),
      );
      const ids = await repo.insertWithJobs(ownerId, input.locationId, input.method, asking, {
        screen: async (tx, requests) => (asking = await screen(tx, requests)),
        reserve: reserveFor(ownerId, (reason) => (heldBack = reason)),
        askedFrom: ASKED_FROM.bulk,
      });
      // Past the plan's monthly limit (or the unverified account's cap), the rest are not sent, and each says why.
      for (const { contactId } of asking.slice(ids.length))
        skipped.push({ contactId, name: names.get(contactId) ?? null, reason: heldBack });
      await repo.recordContactEvents(
        skipped
          .filter((s) => s.name !== null)
          .map((s) => ({
            ownerId,
            contactId: s.contactId,
            kind: 'skipped' as const,
            channel: input.method,
            detail: s.reason,
          })),
      );
      return { created: ids.length, skipped };
    },

    /** What createMany would do, sending and reserving nothing: the count, who is left out and why, the message. */
    async previewMany(scope: Scope, input: BulkReviewRequestInput): Promise<BulkReviewRequestPreview> {
      const { ownerId } = scope;
      const location = await requireLocation(scope, input.locationId);
      const { eligible, skipped } = await bulkCandidates(ownerId, input);
      const settings = await options.settings.get(ownerId);
      const recent = await repo.recentAsks(
        ownerId,
        eligible.map((c) => c.id),
        settings.askWindowDays,
      );
      const asking: ContactForRequest[] = [];
      for (const contact of eligible) {
        const ask = recent.get(contact.id);
        if (ask)
          skipped.push({
            contactId: contact.id,
            name: contact.name,
            reason: askedRecentlyReason(ask, settings.askWindowDays, settings.timeZone ?? 'UTC'),
          });
        else asking.push(contact);
      }
      const left = limits ? await monthlyRequestsLeft(ownerId) : Infinity;
      for (const contact of asking.slice(left))
        skipped.push({ contactId: contact.id, name: contact.name, reason: MONTHLY_LIMIT_REACHED });
      const first = left > 0 ? asking[0] : undefined;
      return {
        count: Math.min(asking.length, left),
        skipped,
        message: first ? await previewMessage(ownerId, input.method, location, first) : null,
      };
    },

    async list(scope: Scope, query: ReviewRequestListQuery) {
      const paged = query.page !== undefined || query.pageSize !== undefined;
      const pageSize = paged ? (query.pageSize ?? REQUEST_PAGE_SIZE) : REQUEST_UNPAGED_LIMIT;
      const page = query.page ?? 1;
      return repo.list(scope, { status: query.status, limit: pageSize, offset: (page - 1) * pageSize });
    },

    async qrForRequest(scope: Scope, id: number): Promise<QrCodeResponse> {
      const request = await requireRequest(scope, id);
      return qrCodeFor(reviewUrl(request.uniqueLink));
    },

    /** The location's permanent link, for a printed poster. */
  };
}

export type ReviewRequestsService = ReturnType<typeof createReviewRequestsService>;

/** The service over the app's database, as its routes use it (routes never build a repository). */
export function reviewRequestsServiceFor(ctx: AppContext): ReviewRequestsService {
  return createReviewRequestsService(createReviewRequestsRepository(ctx.db), {
    publicBaseUrl: ctx.env.publicBaseUrl,
    settings: createRequestSettingsRepository(ctx.db),
    limits: createPlanLimits(ctx),
    unsubscribeUrl: (contactId) =>
      `${ctx.env.publicBaseUrl}/api/unsubscribe/${unsubscribeToken(ctx.secretBox, contactId, 'email')}`,
    now: () => ctx.now(),
  });
}
