import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import type { Database, Transaction, Executor } from '../../db/client';
import { checkoutSessions, plans, stripeEvents, subscriptions, users } from '../../db/schema';
import { lockUserRow } from '../../db/user-row-lock';

export type PlanRow = typeof plans.$inferSelect;
export type SubscriptionRow = typeof subscriptions.$inferSelect;
export type CheckoutSessionRow = typeof checkoutSessions.$inferSelect;

export interface SubscriptionState {
  planId: number;
  status: string;
  stripeCustomerId: string | null;
  stripeSubscriptionId: string;
  currentPeriodEnd: Date | null;
  cancelAtPeriodEnd: boolean;
  /** When Stripe's event reporting this state was created: rows keep the newest (updatedAt). */
  stateAt: Date;
}

/** Billing's rows: plans on offer, the client's subscription, checkout sessions, applied Stripe events. */
export function createBillingRepository(db: Database) {
  return {
    transaction<T>(work: (tx: Transaction) => Promise<T>): Promise<T> {
      return db.transaction(work);
    },

    async findPlan(id: number, executor: Executor = db): Promise<PlanRow | undefined> {
      const [row] = await executor.select().from(plans).where(eq(plans.id, id));
      return row;
    },

    async findPlanByPriceId(priceId: string, executor: Executor = db): Promise<PlanRow | undefined> {
      const [row] = await executor
        .select()
        .from(plans)
        .where(eq(plans.stripePriceId, priceId))
        .orderBy(sql`${plans.archivedAt} is null desc`, desc(plans.id))
        .limit(1);
      return row;
    },

    async findUser(id: number, executor: Executor = db) {
      const [row] = await executor
        .select({
          id: users.id,
          email: users.email,
          role: users.role,
          planId: users.planId,
          passwordHash: users.passwordHash,
        })
        .from(users)
        .where(eq(users.id, id));
      return row;
    },

    async findSubscription(ownerId: number, executor: Executor = db): Promise<SubscriptionRow | undefined> {
      const [row] = await executor.select().from(subscriptions).where(eq(subscriptions.ownerId, ownerId));
      return row;
    },

    /** The owner's subscription row, locked until the transaction ends: events for one client apply in turn. */
    async lockSubscription(tx: Transaction, ownerId: number): Promise<SubscriptionRow | undefined> {
      await lockUserRow(tx, ownerId);
      const [row] = await tx.select().from(subscriptions).where(eq(subscriptions.ownerId, ownerId));
      return row;
    },

    async findOwnerBySubscription(
      executor: Executor,
      ref: { subscriptionId?: string | null; customerId?: string | null },
    ): Promise<number | undefined> {
      if (ref.subscriptionId) {
        const [row] = await executor
          .select({ ownerId: subscriptions.ownerId })
          .from(subscriptions)
          .where(eq(subscriptions.stripeSubscriptionId, ref.subscriptionId));
        if (row) return row.ownerId;
      }
      if (ref.customerId) {
        const [row] = await executor
          .select({ ownerId: subscriptions.ownerId })
          .from(subscriptions)
          .where(eq(subscriptions.stripeCustomerId, ref.customerId))
          .limit(1);
        if (row) return row.ownerId;
      }
      return undefined;
    },

    /** Inserts or replaces the owner's one subscription row with Stripe's state. */
    async saveSubscription(tx: Transaction, ownerId: number, state: SubscriptionState): Promise<void> {
      const values = {
        planId: state.planId,
        status: state.status,
        stripeCustomerId: state.stripeCustomerId,
        stripeSubscriptionId: state.stripeSubscriptionId,
        currentPeriodEnd: state.currentPeriodEnd,
        cancelAtPeriodEnd: state.cancelAtPeriodEnd,
        updatedAt: state.stateAt,
      };
      await tx
        .insert(subscriptions)
        .values({ ownerId, ...values })
        .onConflictDoUpdate({ target: subscriptions.ownerId, set: values });
    },

    async setCustomer(tx: Transaction, ownerId: number, stripeCustomerId: string): Promise<void> {
      await tx
        .update(subscriptions)
        .set({ stripeCustomerId })
        .where(and(eq(subscriptions.ownerId, ownerId), isNull(subscriptions.stripeCustomerId)));
    },

    async setPaymentFailedAt(tx: Transaction, ownerId: number, at: Date | null): Promise<void> {
      await tx.update(subscriptions).set({ paymentFailedAt: at }).where(eq(subscriptions.ownerId, ownerId));
    },

    /** A new subscription starts with no invoice history. */
    async clearInvoiceState(tx: Transaction, ownerId: number): Promise<void> {
      await tx
        .update(subscriptions)
        .set({ paymentFailedAt: null, lastPaidAt: null })
        .where(eq(subscriptions.ownerId, ownerId));
    },

    async setLastPaidAt(tx: Transaction, ownerId: number, at: Date): Promise<void> {
      await tx.update(subscriptions).set({ lastPaidAt: at }).where(eq(subscriptions.ownerId, ownerId));
    },

    async setUserPlan(tx: Transaction, ownerId: number, planId: number): Promise<void> {
      await tx.update(users).set({ planId }).where(eq(users.id, ownerId));
    },

    /** Records the event as applied; false when it already was (Stripe delivers at least once). */
    async recordEvent(
      tx: Transaction,
      event: { id: string; type: string; createdAt: Date },
    ): Promise<boolean> {
      const inserted = await tx
        .insert(stripeEvents)
        .values({ id: event.id, type: event.type, stripeCreatedAt: event.createdAt })
        .onConflictDoNothing()
        .returning({ id: stripeEvents.id });
      return inserted.length > 0;
    },

    async insertCheckoutSession(row: { id: string; ownerId: number; planId: number }): Promise<void> {
      await db.insert(checkoutSessions).values(row);
    },

    async findCheckoutSession(id: string, executor: Executor = db): Promise<CheckoutSessionRow | undefined> {
      const [row] = await executor.select().from(checkoutSessions).where(eq(checkoutSessions.id, id));
      return row;
    },

    async findOwnCheckoutSession(ownerId: number, id: string) {
      const [row] = await db
        .select({ session: checkoutSessions, plan: plans })
        .from(checkoutSessions)
        .innerJoin(plans, eq(plans.id, checkoutSessions.planId))
        .where(and(eq(checkoutSessions.id, id), eq(checkoutSessions.ownerId, ownerId)));
      return row;
    },

    async openCheckoutSessions(ownerId: number): Promise<CheckoutSessionRow[]> {
      return db
        .select()
        .from(checkoutSessions)
        .where(and(eq(checkoutSessions.ownerId, ownerId), eq(checkoutSessions.status, 'open')));
    },

    async completeCheckoutSession(tx: Transaction, id: string, at: Date): Promise<void> {
      await tx
        .update(checkoutSessions)
        .set({ status: 'complete', completedAt: at })
        .where(eq(checkoutSessions.id, id));
    },

    /** Only an open session expires: a completed one stays completed whatever arrives late. */
    async expireCheckoutSession(id: string): Promise<void> {
      await db
        .update(checkoutSessions)
        .set({ status: 'expired' })
        .where(and(eq(checkoutSessions.id, id), eq(checkoutSessions.status, 'open')));
    },

  };
}

export type BillingRepository = ReturnType<typeof createBillingRepository>;
