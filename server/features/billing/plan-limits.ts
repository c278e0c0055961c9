import { unverifiedCapMessage, unverifiedInvitationMessage } from '@shared/schemas/account';
import type { SubscriptionOverview } from '@shared/schemas/plans';
import type { Database } from '../../db/client';
import type { AppContext } from '../../lib/context';
import { AppError } from '../../lib/errors';
import { createPlanLimitsRepository, type Executor, type PlanRow } from './plan-limits.repository';

export const FREE_PLAN_KEY = 'free';

/** The first instant of the calendar month (UTC) `now` falls in: monthly limits count from there. */
export const monthStart = (now: Date) => new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1));

/** What a plan offers, the same in the plan picker and on the Plan tab. */
export const planTerms = (plan: PlanRow) => ({
  id: plan.id,
  name: plan.name,
  priceCents: plan.priceCents,
  currency: plan.currency,
  reviewRequestLimit: plan.reviewRequestLimit,
  locationsLimit: plan.locationsLimit,
});

export const requestLimitMessage = (plan: PlanRow, limit: number) =>
  `Your ${plan.name} plan includes ${limit} review requests a month, and this month's are used. Upgrade your plan to send more.`;
export const locationLimitMessage = (plan: PlanRow, limit: number) =>
  `Your ${plan.name} plan includes ${limit} ${limit === 1 ? 'location' : 'locations'}. Upgrade your plan to add more.`;

/** Past a limit of the plan: 402 Payment Required, naming the limit and the plan. */
export const overLimit = (message: string) => new AppError(402, message);

/**
 * Plans' limits, enforced on the server (issue 11): review requests per calendar month (every message of a
 * bulk send counts; one-off links send nothing and do not) and locations. A client with no plan of its own
 * is on the free plan, created when missing.
 */
export function createPlanLimits(ctx: Pick<AppContext, 'db' | 'env' | 'now'>) {
  const { env } = ctx;
  const repo = createPlanLimitsRepository(ctx.db);

  /** The free plan's limits without writing: the row's when it exists, else those it will be made with. */
  /** The limits the free plan is created with when it is missing (FREE_PLAN_REQUESTS, FREE_PLAN_LOCATIONS). */
  const freePlanDefaults = {
    reviewRequestLimit: env.FREE_PLAN_REQUESTS,
    locationsLimit: env.FREE_PLAN_LOCATIONS,
  };

  async function freePlanLimits(): Promise<Pick<PlanRow, 'reviewRequestLimit' | 'locationsLimit'>> {
    return (await repo.findPlanByKey(FREE_PLAN_KEY)) ?? freePlanDefaults;
  }

  function freePlan(executor?: Executor): Promise<PlanRow> {
    return repo.ensurePlan(
      { key: FREE_PLAN_KEY, name: 'Free', priceCents: 0, currency: 'usd', ...freePlanDefaults },
      executor,
    );
  }

  const DAY_MS = 24 * 60 * 60 * 1000;

  /** When the paid limits end after a failed payment (BILLING_GRACE_DAYS later), or null when none failed. */
  const graceEnd = (paymentFailedAt: Date | null) =>
    paymentFailedAt ? new Date(paymentFailedAt.getTime() + env.BILLING_GRACE_DAYS * DAY_MS) : null;

  async function planAndSubscription(ownerId: number, executor?: Executor) {
    const { plan: assigned, subscription } = await repo.planAndSubscription(ownerId, executor);
    const end = graceEnd(subscription?.paymentFailedAt ?? null);
    // A renewal failed and the grace period is over: the free plan's limits until a payment succeeds.
    // Only for the plan that subscription pays for; a plan the admin assigned stays as assigned.
    const limitedToFree = Boolean(
      end && assigned && subscription?.planId === assigned.id && ctx.now() >= end,
    );
    const plan = !assigned || limitedToFree ? await freePlan(executor) : assigned;
    return { plan, subscription, graceEndsAt: end, limitedToFree };
  }

  /** The plan whose limits apply to the client now: users.planId, or the free plan (none, or grace over). */
  async function planOf(ownerId: number, executor?: Executor): Promise<PlanRow> {
    return (await planAndSubscription(ownerId, executor)).plan;
  }

  const requestsThisMonth = async (ownerId: number, executor?: Executor) =>
    (await repo.usageSince(ownerId, monthStart(ctx.now()), executor)).reviewRequests;
  /**
   * Every message the account ever had sent for it (not only this month's): its requests and its team
   * invitations. Until its email is verified, the UNVERIFIED_REQUEST_CAP counts these.
   */
  const messagesEver = async (ownerId: number, executor: Executor) => {
    const used = await repo.usageSince(ownerId, null, executor);
    return used.reviewRequests + used.invitations;
  };

  return {
    freePlan,
    freePlanLimits,
    planOf,

    /**
     * How many of `wanted` new requests the plan still allows this month, and (until the account's email is
     * verified) the UNVERIFIED_REQUEST_CAP in all, inside the transaction that inserts them: the client's row
     * is locked first, so parallel sends cannot all pass the same count. None left: 402, naming the limit
     * that stopped it.
     */
    async reserveRequests(
      tx: Executor & Pick<Database, 'execute'>,
      ownerId: number,
      wanted: number,
    ): Promise<{ granted: number; stoppedBy: 'monthly_limit' | 'unverified_cap' | null }> {
      await repo.lockOwner(tx, ownerId);
      const plan = await planOf(ownerId, tx);
      const limit = plan.reviewRequestLimit;
      let monthlyLeft = Infinity;
      if (limit !== null) {
        monthlyLeft = Math.max(0, limit - (await requestsThisMonth(ownerId, tx)));
        if (monthlyLeft === 0 && wanted > 0) throw overLimit(requestLimitMessage(plan, limit));
      }
      let capLeft = Infinity;
      // null: not verified yet (undefined: no such client, whom no cap concerns).
      if ((await repo.emailVerifiedAt(ownerId, tx)) === null) {
        const cap = env.UNVERIFIED_REQUEST_CAP;
        capLeft = Math.max(0, cap - (await messagesEver(ownerId, tx)));
        if (capLeft === 0 && wanted > 0) throw overLimit(unverifiedCapMessage(cap));
      }
      const granted = Math.min(wanted, monthlyLeft, capLeft);
      if (granted > 0) await repo.recordUsage(tx, ownerId, ctx.now(), { reviewRequests: granted });
      if (granted === wanted) return { granted, stoppedBy: null };
      return { granted, stoppedBy: capLeft < monthlyLeft ? 'unverified_cap' : 'monthly_limit' };
    },

    /**
     * A team invitation is an email sent on the client's behalf: until the account's email is verified it
     * counts against the UNVERIFIED_REQUEST_CAP with the review requests (issue 42, item 4). Inside the
     * inviting transaction, after the client's row is locked.
     */
    async reserveInvitation(tx: Executor & Pick<Database, 'execute'>, ownerId: number): Promise<void> {
      await repo.lockOwner(tx, ownerId);
      if ((await repo.emailVerifiedAt(ownerId, tx)) === null) {
        const cap = env.UNVERIFIED_REQUEST_CAP;
        if ((await messagesEver(ownerId, tx)) >= cap) throw overLimit(unverifiedInvitationMessage(cap));
      }
      await repo.recordUsage(tx, ownerId, ctx.now(), { invitations: 1 });
    },

    /** GET /api/subscription: the plan and this month's use of each limit. */
    async usage(ownerId: number): Promise<SubscriptionOverview> {
      const [{ plan, subscription, graceEndsAt, limitedToFree }, requests, locationsUsed] = await Promise.all(
        [planAndSubscription(ownerId), requestsThisMonth(ownerId), repo.countLocations(ownerId)],
      );
      const iso = (date: Date | null) => (date ? date.toISOString() : null);
      return {
        plan: { ...planTerms(plan), free: plan.key === FREE_PLAN_KEY },
        usage: {
          periodStart: monthStart(ctx.now()).toISOString(),
          reviewRequests: requests,
          locations: locationsUsed,
        },
        // Without a Stripe key plans change through the team, and the Plan tab says so.
        payments: env.STRIPE_SECRET_KEY ? 'configured' : 'not_configured',
        subscription: subscription?.stripeSubscriptionId
          ? {
              status: subscription.status,
              currentPeriodEnd: iso(subscription.currentPeriodEnd),
              cancelAtPeriodEnd: subscription.cancelAtPeriodEnd,
              paymentFailedAt: iso(subscription.paymentFailedAt),
              graceEndsAt: iso(graceEndsAt),
            }
          : null,
        canManageBilling: Boolean(env.STRIPE_SECRET_KEY && subscription?.stripeCustomerId),
        limitedToFree,
      };
    },
  };
}

export type PlanLimits = ReturnType<typeof createPlanLimits>;
