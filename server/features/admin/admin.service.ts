import type {
  AdminClientDetail,
  ClientListQuery,
  CreateClientSchema,
  UpdateClientSchema,
} from '@shared/schemas/admin';
import type { AdminResetLinkResult } from '@shared/schemas/account';
import type { CreatePlanSchema, UpdatePlanSchema } from '@shared/schemas/plans';
import type { z } from 'zod';
import { badRequest, conflict, forbidden, notFound } from '../../lib/errors';
import { hashPassword } from '../../lib/password';
import type { AppContext } from '../../lib/context';
import { createAdminAuditRepository, type AdminAuditRepository } from './admin-audit.repository';
import {
  createAdminClientsRepository,
  type AdminClientsRepository,
  type UserRow,
} from './admin-clients.repository';
import { createAdminOutboxRepository, type AdminOutboxRepository } from './admin-outbox.repository';
import {
  createAdminPlansRepository,
  type AdminPlansRepository,
  type PlanRow,
} from './admin-plans.repository';
import { createAdminStatsRepository, type AdminStatsRepository } from './admin-stats.repository';
import { emailTaken, endAccessAfterCredentialChange } from '../auth';
import { accountDeletionFor, type CancelSubscription, type DeleteAccount } from '../settings';

export const CLIENT_NOT_FOUND = 'Client not found';
export const PLAN_NOT_FOUND = 'Plan not found';
export const PLAN_ARCHIVED = 'This plan is archived and cannot be assigned';
export const CANNOT_CHANGE_SELF = 'You cannot disable or delete your own account';
export const CANNOT_CHANGE_ADMIN = 'Administrator accounts cannot be disabled or deleted here';

type Actor = { id: number };
type CreateClient = z.output<typeof CreateClientSchema>;
type UpdateClient = z.output<typeof UpdateClientSchema>;
type CreatePlan = z.output<typeof CreatePlanSchema>;
type UpdatePlan = z.output<typeof UpdatePlanSchema>;

/** Disabling or deleting is refused for the admin themselves and for any other admin. */
function refuseAdminTarget(actor: Actor, target: UserRow | undefined): UserRow {
  if (!target) throw notFound(CLIENT_NOT_FOUND);
  if (target.id === actor.id) throw forbidden(CANNOT_CHANGE_SELF);
  if (target.role !== 'client') throw forbidden(CANNOT_CHANGE_ADMIN);
  return target;
}

function assignable(plan: PlanRow | undefined): PlanRow {
  if (!plan) throw badRequest(PLAN_NOT_FOUND, { planId: [PLAN_NOT_FOUND] });
  if (plan.archivedAt) throw badRequest(PLAN_ARCHIVED, { planId: [PLAN_ARCHIVED] });
  return plan;
}

/** Sends a password reset link to an account (auth/password-reset.service.ts): where it went. */
export type ResetLinkSender = (user: {
  id: number;
  email: string;
  firstName: string;
}) => Promise<{ status: 'sent' | 'outbox' | 'failed' }>;

export const CLIENT_DISABLED = 'This account is disabled: enable it before sending a reset link.';

/** The admin's repositories, one per subject. A change and its audit entry share one transaction. */
export interface AdminRepositories {
  clients: AdminClientsRepository;
  plans: AdminPlansRepository;
  audit: AdminAuditRepository;
  stats: AdminStatsRepository;
  outbox: AdminOutboxRepository;
}

/**
 * The admin's service over its repositories; deleting a client's account is the settings feature's one
 * deletion (settings.service.ts), which a client's own deletion also takes.
 */
export function createAdminService(
  { clients, plans, audit, stats, outbox }: AdminRepositories,
  deleteAccount: DeleteAccount,
) {
  return {
    /** The mail outbox and the audit log, newest first, a page at a time. */
    listOutbox: (query: Parameters<AdminOutboxRepository['listOutbox']>[0]) => outbox.listOutbox(query),
    listAudit: (query: Parameters<AdminAuditRepository['listAudit']>[0]) => audit.listAudit(query),
    /**
     * "Send reset link" on a client's row: the forgot-password email, to the client's own address, audited.
     * The admin never sees the link; the client chooses the password.
     */
    async sendResetLink(actor: Actor, id: number, send: ResetLinkSender): Promise<AdminResetLinkResult> {
      const target = await clients.findUser(id);
      if (!target || target.role !== 'client') throw notFound(CLIENT_NOT_FOUND);
      if (target.disabledAt) throw conflict(CLIENT_DISABLED);
      const { status } = await send(target);
      await clients.transaction((tx) =>
        audit.insertAudit(tx, {
          actorId: actor.id,
          action: 'client.password_reset_link',
          targetClientId: id,
          details: { to: target.email, status },
        }),
      );
      return { to: target.email, status };
    },

    stats: () => stats.stats(),

    listClients: (query: Required<Pick<ClientListQuery, 'page' | 'pageSize'>> & { q?: string }) =>
      clients.listClients({
        q: query.q || undefined,
        page: Number(query.page),
        pageSize: Number(query.pageSize),
      }),

    async getClient(id: number): Promise<AdminClientDetail> {
      const client = await clients.getClient(id);
      if (!client) throw notFound(CLIENT_NOT_FOUND);
      return client;
    },

    async createClient(actor: Actor, input: CreateClient): Promise<AdminClientDetail> {
      const passwordHash = await hashPassword(input.password);
      return clients.transaction(async (tx) => {
        const planId = input.planId ?? null;
        if (planId !== null) assignable(await plans.findPlan(planId, tx));
        const user = await clients.insertClient(tx, {
          email: input.email,
          passwordHash,
          firstName: input.firstName,
          companyName: input.companyName,
          planId,
        });
        if (!user) throw emailTaken();
        await audit.insertAudit(tx, {
          actorId: actor.id,
          action: 'client.create',
          targetClientId: user.id,
          details: { email: user.email, companyName: user.companyName, planId },
        });
        return (await clients.getClient(user.id, tx))!;
      });
    },

    async updateClient(actor: Actor, id: number, input: UpdateClient): Promise<AdminClientDetail> {
      const passwordHash = input.password === undefined ? undefined : await hashPassword(input.password);
      return clients.transaction(async (tx) => {
        const target = await clients.findUser(id, tx);
        if (input.disabled !== undefined) refuseAdminTarget(actor, target);
        if (!target || target.role !== 'client') throw notFound(CLIENT_NOT_FOUND);

        const changes: Parameters<AdminClientsRepository['updateUser']>[2] = {};
        const changed: Record<string, unknown> = {};
        for (const field of ['firstName', 'companyName', 'email'] as const) {
          const value = input[field];
          if (value !== undefined && value !== target[field]) {
            changes[field] = value;
            changed[field] = { from: target[field], to: value };
          }
        }
        if (changes.email !== undefined) {
          if (await clients.emailTakenByOther(tx, changes.email, id)) throw emailTaken();
          changes.username = changes.email;
        }
        if (input.planId !== undefined && input.planId !== target.planId) {
          if (input.planId !== null) assignable(await plans.findPlan(input.planId, tx));
          changes.planId = input.planId;
          changed.planId = { from: target.planId, to: input.planId };
        }
        if (passwordHash !== undefined) {
          changes.passwordHash = passwordHash;
          changed.password = 'reset';
        }
        const wasDisabled = target.disabledAt !== null;
        if (input.disabled !== undefined && input.disabled !== wasDisabled) {
          changes.disabledAt = input.disabled ? new Date() : null;
        }

        if (Object.keys(changes).length > 0) await clients.updateUser(tx, id, changes);
        // A disabled account is signed out everywhere at once, not at its next request; a new email or
        // password also spends the reset links mailed before it.
        if (changes.email !== undefined || passwordHash !== undefined)
          await endAccessAfterCredentialChange(tx, id, null);
        else if (changes.disabledAt) await clients.deleteSessionsOf(tx, id);

        const audits: { action: string; details: Record<string, unknown> }[] = [];
        if (Object.keys(changed).length > 0) audits.push({ action: 'client.update', details: changed });
        if (changes.planId !== undefined)
          audits.push({ action: 'client.plan_change', details: changed.planId as Record<string, unknown> });
        if (changes.disabledAt !== undefined)
          audits.push({ action: changes.disabledAt ? 'client.disable' : 'client.enable', details: {} });
        for (const entry of audits) {
          await audit.insertAudit(tx, { actorId: actor.id, targetClientId: id, ...entry });
        }
        return (await clients.getClient(id, tx))!;
      });
    },

    /**
     * Deletes a client and everything they own, as their own deletion does (Stripe first; if Stripe refuses,
     * the account stays). The target is checked again in the deletion's transaction, with its audit entry.
     */
    async deleteClient(actor: Actor, id: number, cancelSubscription: CancelSubscription): Promise<void> {
      refuseAdminTarget(actor, await clients.findUser(id));
      await deleteAccount(id, {
        cancelSubscription,
        alongside: async (tx) => {
          const target = refuseAdminTarget(actor, await clients.findUser(id, tx));
          await audit.insertAudit(tx, {
            actorId: actor.id,
            action: 'client.delete',
            targetClientId: id,
            details: { email: target.email, companyName: target.companyName, firstName: target.firstName },
          });
        },
      });
    },

    listPlans: () => plans.listPlans(),
    listActivePlans: () => plans.listActivePlans(),

    createPlan(actor: Actor, input: CreatePlan) {
      return plans.transaction(async (tx) => {
        const plan = await plans.insertPlan(tx, { ...input, stripePriceId: input.stripePriceId ?? null });
        await audit.insertAudit(tx, {
          actorId: actor.id,
          action: 'plan.create',
          details: { planId: plan.id, name: plan.name },
        });
        return plan;
      });
    },

    updatePlan(actor: Actor, id: number, input: UpdatePlan) {
      return plans.transaction(async (tx) => {
        const existing = await plans.findPlan(id, tx);
        if (!existing) throw notFound(PLAN_NOT_FOUND);
        const { archived, ...fields } = input;
        const changes: Parameters<AdminPlansRepository['updatePlan']>[2] = {};
        for (const [key, value] of Object.entries(fields)) {
          if (value !== undefined) (changes as Record<string, unknown>)[key] = value;
        }
        if (archived !== undefined && archived !== (existing.archivedAt !== null)) {
          changes.archivedAt = archived ? new Date() : null;
        }
        if (Object.keys(changes).length === 0) return (await plans.getPlan(id, tx))!;
        const plan = (await plans.updatePlan(tx, id, changes))!;
        await audit.insertAudit(tx, {
          actorId: actor.id,
          action: changes.archivedAt
            ? 'plan.archive'
            : changes.archivedAt === null
              ? 'plan.restore'
              : 'plan.update',
          details: { planId: id, name: existing.name, changes: Object.keys(changes) },
        });
        return plan;
      });
    },

    /** Archiving keeps the plan on the clients and subscriptions that have it; it can no longer be assigned. */
    archivePlan(actor: Actor, id: number) {
      return this.updatePlan(actor, id, { archived: true });
    },
  };
}

export type AdminService = ReturnType<typeof createAdminService>;

/** The service over the app's database, as its routes use it (routes never build a repository). */
export function adminServiceFor(ctx: Pick<AppContext, 'db'>) {
  return createAdminService(
    {
      clients: createAdminClientsRepository(ctx.db),
      plans: createAdminPlansRepository(ctx.db),
      audit: createAdminAuditRepository(ctx.db),
      stats: createAdminStatsRepository(ctx.db),
      outbox: createAdminOutboxRepository(ctx.db),
    },
    accountDeletionFor(ctx),
  );
}
