import type Stripe from 'stripe';
import type { CheckoutOutcome, CheckoutStart, PlanOffer } from '@shared/schemas/plans';
import type { AppContext } from '../../lib/context';
import type { Transaction } from '../../db/client';
import { AppError, badRequest, conflict, notFound } from '../../lib/errors';
import { isStripeSignatureError, verifyStripeEvent, type StripeClient } from '../../lib/stripe';
import { createBillingRepository, type PlanRow, type SubscriptionState } from './billing.repository';
import { createPlanLimits, planTerms } from './plan-limits';

export const PAYMENTS_NOT_SET_UP =
  'Online payments are not set up yet, so plans cannot be bought here. Contact us and our team will change your plan.';
export const PLAN_NOT_OFFERED = 'This plan is not on offer.';
export const CHECKOUT_NOT_FOUND = 'Checkout session not found';
export const NO_BILLING_ACCOUNT = 'There is no billing account yet: subscribe to a paid plan first.';
export const BAD_SIGNATURE = 'Invalid Stripe signature';

/** Stripe statuses in which the subscribed plan's limits apply (past_due: within the grace period). */
const PAYING = new Set(['active', 'trialing', 'past_due']);
/** Stripe statuses after which the client is back on the free plan. */
const ENDED = new Set(['canceled', 'unpaid', 'incomplete_expired']);

/** The events applied; any other type is acknowledged and ignored. */
const HANDLED = new Set([
  'checkout.session.completed',
  'customer.subscription.created',
  'customer.subscription.updated',
  'customer.subscription.deleted',
  'invoice.paid',
  'invoice.payment_failed',
]);

const idOf = (value: string | { id: string } | null | undefined): string | null =>
  typeof value === 'string' ? value : (value?.id ?? null);

const positiveInt = (value: unknown): number | null => {
  const n = Number(value);
  return Number.isSafeInteger(n) && n > 0 ? n : null;
};

export function toPlanOffer(plan: PlanRow): PlanOffer {
  return {
    ...planTerms(plan),
    features: plan.features,
    stripePriceId: plan.stripePriceId,
  };
}

/** A failure talking to Stripe: the user sees that Stripe, not their input, is the problem. */
function stripeUnavailable(err: unknown): AppError {
  const detail = err instanceof Error && err.message ? ` (${err.message})` : '';
  return new AppError(502, `Stripe could not be reached, so nothing was changed. Please try again.${detail}`);
}

const isMissingAtStripe = (err: unknown) =>
  typeof err === 'object' && err !== null && (err as { statusCode?: number }).statusCode === 404;

/**
 * Stripe subscriptions (issue 11): Checkout to subscribe, the customer portal to change or cancel, and the
 * webhook events that are the only source of truth for what a client pays for. The effective plan is
 * users.planId (the admin may also assign one); Stripe's events set it on activation and back to the free
 * plan when the subscription ends.
 */
export function createBillingService(ctx: AppContext) {
  const repo = createBillingRepository(ctx.db);
  const limits = createPlanLimits(ctx);
  /** Billing changes in the audit log; Stripe (no user) is the actor. */
  const audited = (tx: Transaction, ownerId: number, action: string, details: Record<string, unknown>) =>
    ctx.events.emit(tx, { type: 'audited', actorId: null, action, targetClientId: ownerId, details });
  const base = ctx.env.publicBaseUrl;

  function requireStripe(): StripeClient {
    if (!ctx.stripe) throw new AppError(503, PAYMENTS_NOT_SET_UP);
    return ctx.stripe;
  }

  async function callStripe<T>(work: () => Promise<T>): Promise<T> {
    try {
      return await work();
    } catch (err) {
      ctx.logger.warn({ err }, 'Stripe call failed');
      throw stripeUnavailable(err);
    }
  }

  // ------------------------------------------------------------------------------------ webhook events

  /**
   * Writes Stripe's state of a subscription unless the row already holds a newer one: an older event (by
   * event.created) never overwrites a newer state, a cancelled subscription never comes back (Stripe does
   * not reactivate one), and a late event of an old subscription leaves the current one alone.
   */
  async function applySubscriptionState(tx: Transaction, ownerId: number, state: SubscriptionState) {
    const row = await repo.lockSubscription(tx, ownerId);
    if (row?.stripeSubscriptionId === state.stripeSubscriptionId) {
      if (row.status === 'canceled' || row.updatedAt > state.stateAt) return;
    } else if (row?.stripeSubscriptionId && row.status !== 'canceled') {
      if (ENDED.has(state.status) || row.updatedAt > state.stateAt) return;
    }
    const replacing = row !== undefined && row.stripeSubscriptionId !== state.stripeSubscriptionId;
    await repo.saveSubscription(tx, ownerId, {
      ...state,
      stripeCustomerId: state.stripeCustomerId ?? row?.stripeCustomerId ?? null,
    });
    if (replacing) await repo.clearInvoiceState(tx, ownerId);

    const user = await repo.findUser(ownerId, tx);
    let planId: number | undefined;
    if (PAYING.has(state.status)) planId = state.planId;
    else if (ENDED.has(state.status)) planId = (await limits.freePlan(tx)).id;
    if (planId !== undefined && user && user.planId !== planId) {
      await repo.setUserPlan(tx, ownerId, planId);
      await audited(tx, ownerId, 'billing.plan_change', {
        fromPlanId: user.planId,
        toPlanId: planId,
        status: state.status,
        stripeSubscriptionId: state.stripeSubscriptionId,
      });
    }
  }

  async function ownerExists(tx: Transaction, ownerId: number | null): Promise<number | null> {
    if (!ownerId) return null;
    return (await repo.findUser(ownerId, tx)) ? ownerId : null;
  }

  async function onCheckoutCompleted(tx: Transaction, session: Stripe.Checkout.Session, at: Date) {
    const ours = await repo.findCheckoutSession(session.id, tx);
    const ownerId = await ownerExists(tx, ours?.ownerId ?? positiveInt(session.client_reference_id));
    if (!ownerId) return;
    if (ours) await repo.completeCheckoutSession(tx, ours.id, ctx.now());
    const subscriptionId = idOf(session.subscription);
    const customerId = idOf(session.customer);
    const planId = ours?.planId ?? positiveInt(session.metadata?.planId);
    if (!subscriptionId || !planId) return;
    const row = await repo.lockSubscription(tx, ownerId);
    if (row?.stripeSubscriptionId === subscriptionId) {
      // A subscription event came first and told us more; only the customer may still be missing.
      if (customerId) await repo.setCustomer(tx, ownerId, customerId);
      return;
    }
    const paid = session.payment_status === 'paid' || session.payment_status === 'no_payment_required';
    await applySubscriptionState(tx, ownerId, {
      planId,
      status: paid ? 'active' : 'incomplete',
      stripeCustomerId: customerId,
      stripeSubscriptionId: subscriptionId,
      currentPeriodEnd: null,
      cancelAtPeriodEnd: false,
      stateAt: at,
    });
  }

  async function onSubscriptionChanged(
    tx: Transaction,
    subscription: Stripe.Subscription,
    at: Date,
    deleted: boolean,
  ) {
    const customerId = idOf(subscription.customer);
    const ownerId =
      (await ownerExists(tx, positiveInt(subscription.metadata?.ownerId))) ??
      (await repo.findOwnerBySubscription(tx, { subscriptionId: subscription.id, customerId }));
    if (!ownerId) {
      ctx.logger.warn({ subscription: subscription.id }, 'Stripe subscription of no known client');
      return;
    }
    const item = subscription.items?.data?.[0];
    const priceId = item?.price?.id;
    const plan =
      (priceId ? await repo.findPlanByPriceId(priceId, tx) : undefined) ??
      (await findPlanById(tx, positiveInt(subscription.metadata?.planId)));
    if (!plan) {
      ctx.logger.warn({ subscription: subscription.id, priceId }, 'Stripe price of no known plan');
      return;
    }
    // Newer API versions keep the period on the item; older ones on the subscription.
    const periodEnd =
      item?.current_period_end ?? (subscription as { current_period_end?: number }).current_period_end;
    await applySubscriptionState(tx, ownerId, {
      planId: plan.id,
      status: deleted ? 'canceled' : subscription.status,
      stripeCustomerId: customerId,
      stripeSubscriptionId: subscription.id,
      currentPeriodEnd: periodEnd ? new Date(periodEnd * 1000) : null,
      cancelAtPeriodEnd: Boolean(subscription.cancel_at_period_end),
      stateAt: at,
    });
  }

  async function findPlanById(tx: Transaction, id: number | null) {
    return id ? repo.findPlan(id, tx) : undefined;
  }

  async function onInvoice(tx: Transaction, invoice: Stripe.Invoice, at: Date, paid: boolean) {
    const details = invoice.parent?.subscription_details;
    // Newer API versions name the subscription under parent.subscription_details; older ones at the top.
    const subscriptionId =
      idOf(details?.subscription) ?? idOf((invoice as { subscription?: string | null }).subscription);
    if (!subscriptionId) return;
    const ownerId =
      (await repo.findOwnerBySubscription(tx, { subscriptionId })) ??
      (await ownerExists(tx, positiveInt(details?.metadata?.ownerId)));
    if (!ownerId) return;
    const row = await repo.lockSubscription(tx, ownerId);
    if (!row || row.stripeSubscriptionId !== subscriptionId) return;
    if (paid) {
      if (!row.lastPaidAt || row.lastPaidAt < at) await repo.setLastPaidAt(tx, ownerId, at);
      if (row.paymentFailedAt && row.paymentFailedAt <= at) {
        await repo.setPaymentFailedAt(tx, ownerId, null);
        await audited(tx, ownerId, 'billing.payment_recovered', { stripeSubscriptionId: subscriptionId });
      }
    } else if (!row.paymentFailedAt && !(row.lastPaidAt && row.lastPaidAt >= at)) {
      // A failure older than the newest payment (delivered late) is already settled.
      await repo.setPaymentFailedAt(tx, ownerId, at);
      await audited(tx, ownerId, 'billing.payment_failed', { stripeSubscriptionId: subscriptionId });
    }
  }

  return {
    paymentsConfigured: () => ctx.stripe !== null,

    /** POST /api/checkout/{planId}: a Checkout Session in subscription mode; answers its URL. */
    async startCheckout(ownerId: number, planId: number): Promise<CheckoutStart> {
      const stripe = requireStripe();
      const plan = await repo.findPlan(planId);
      if (!plan || plan.archivedAt) throw notFound(PLAN_NOT_OFFERED);
      if (!plan.stripePriceId)
        throw badRequest(`The ${plan.name} plan cannot be bought online. Contact us to switch to it.`);
      const [user, subscription, current] = await Promise.all([
        repo.findUser(ownerId),
        repo.findSubscription(ownerId),
        limits.planOf(ownerId),
      ]);
      if (!user) throw notFound('Account not found');
      if (current.id === plan.id || user.planId === plan.id)
        throw conflict(`You are already on the ${plan.name} plan.`);
      if (subscription?.stripeSubscriptionId && PAYING.has(subscription.status))
        // A second Checkout would start a second subscription, billed beside the first.
        throw conflict('You already have a subscription: change or cancel it with Manage billing.');

      const session = await callStripe(() =>
        stripe.checkout.sessions.create({
          mode: 'subscription',
          line_items: [{ price: plan.stripePriceId!, quantity: 1 }],
          client_reference_id: String(ownerId),
          ...(subscription?.stripeCustomerId
            ? { customer: subscription.stripeCustomerId }
            : { customer_email: user.email }),
          // Subscription events carry the client even when they arrive before checkout.session.completed.
          subscription_data: { metadata: { ownerId: String(ownerId), planId: String(plan.id) } },
          metadata: { ownerId: String(ownerId), planId: String(plan.id) },
          success_url: `${base}/subscribe?session_id={CHECKOUT_SESSION_ID}`,
          cancel_url: `${base}/subscribe?cancelled=1`,
        }),
      );
      if (!session.url) throw stripeUnavailable(new Error('no checkout URL'));
      await repo.insertCheckoutSession({ id: session.id, ownerId, planId: plan.id });
      return { url: session.url };
    },

    /**
     * GET /api/checkout/sessions/{id}: the outcome from our own record, which only Stripe's signed webhook
     * completes. An open session is asked about at Stripe only to learn that it expired.
     */
    async checkoutOutcome(ownerId: number, id: string): Promise<CheckoutOutcome> {
      const found = await repo.findOwnCheckoutSession(ownerId, id);
      if (!found) throw notFound(CHECKOUT_NOT_FOUND);
      const plan = toPlanOffer(found.plan);
      if (found.session.status === 'complete') return { status: 'success', plan };
      if (found.session.status === 'expired') return { status: 'cancelled', plan };
      if (ctx.stripe) {
        try {
          const remote = await ctx.stripe.checkout.sessions.retrieve(id);
          if (remote.status === 'expired') {
            await repo.expireCheckoutSession(id);
            return { status: 'cancelled', plan };
          }
        } catch (err) {
          ctx.logger.warn({ err }, 'checkout session not read at Stripe');
        }
      }
      return { status: 'pending', plan };
    },

    /**
     * The client came back through cancel_url: their open sessions are expired at Stripe (so a stale tab
     * cannot pay later) and here. A session Stripe refuses to expire (already paid) stays as it is.
     */
    async cancelOpenCheckouts(ownerId: number): Promise<{ cancelled: number }> {
      const open = await repo.openCheckoutSessions(ownerId);
      let cancelled = 0;
      for (const session of open) {
        try {
          if (ctx.stripe) await ctx.stripe.checkout.sessions.expire(session.id);
          await repo.expireCheckoutSession(session.id);
          cancelled += 1;
        } catch (err) {
          ctx.logger.warn({ err, session: session.id }, 'checkout session not expired');
        }
      }
      return { cancelled };
    },

    /** POST /api/billing/portal: Stripe's customer portal, back to Settings › Plan. */
    async portal(ownerId: number): Promise<{ url: string }> {
      const stripe = requireStripe();
      const subscription = await repo.findSubscription(ownerId);
      if (!subscription?.stripeCustomerId) throw badRequest(NO_BILLING_ACCOUNT);
      const session = await callStripe(() =>
        stripe.billingPortal.sessions.create({
          customer: subscription.stripeCustomerId!,
          return_url: `${base}/settings?tab=plan`,
        }),
      );
      return { url: session.url };
    },

    /**
     * Ends the client's subscription at Stripe at once (DELETE /v1/subscriptions/{id}), before their account
     * goes: nobody is billed for an account that no longer exists. One already gone at Stripe is fine.
     */
    async cancelSubscriptionNow(ownerId: number): Promise<void> {
      const subscription = await repo.findSubscription(ownerId);
      if (!subscription?.stripeSubscriptionId || ENDED.has(subscription.status)) return;
      if (!ctx.stripe)
        throw new AppError(
          503,
          'Your subscription cannot be cancelled right now, so your account was kept. Please contact us.',
        );
      const stripe = ctx.stripe;
      try {
        await stripe.subscriptions.cancel(subscription.stripeSubscriptionId);
      } catch (err) {
        if (isMissingAtStripe(err)) return;
        ctx.logger.warn({ err }, 'subscription not cancelled at Stripe');
        throw new AppError(
          502,
          'Your subscription could not be cancelled at Stripe, so your account was kept. Please try again.',
        );
      }
    },

    /**
     * POST /api/stripe/webhook: verifies the signature on the raw body, then applies the event once: its id
     * is recorded in the same transaction that applies it, so a second delivery finds it and changes nothing.
     */
    async handleWebhook(rawBody: Buffer, signature: string | undefined): Promise<{ applied: boolean }> {
      // No signature is a bad request whatever the setup; a signed one without our secret cannot be checked.
      if (!signature) throw badRequest(BAD_SIGNATURE);
      const secret = ctx.env.STRIPE_WEBHOOK_SECRET;
      if (!secret) throw new AppError(503, 'Stripe webhooks are not set up (STRIPE_WEBHOOK_SECRET).');
      let event: Stripe.Event;
      try {
        event = verifyStripeEvent(rawBody, signature, secret);
      } catch (err) {
        if (isStripeSignatureError(err)) throw badRequest(BAD_SIGNATURE);
        throw badRequest('The webhook body could not be read.');
      }
      if (!HANDLED.has(event.type)) return { applied: false };
      const at = new Date(event.created * 1000);
      return repo.transaction(async (tx) => {
        if (!(await repo.recordEvent(tx, { id: event.id, type: event.type, createdAt: at })))
          return { applied: false };
        switch (event.type) {
          case 'checkout.session.completed':
            await onCheckoutCompleted(tx, event.data.object, at);
            break;
          case 'customer.subscription.created':
          case 'customer.subscription.updated':
          case 'customer.subscription.deleted':
            await onSubscriptionChanged(
              tx,
              event.data.object,
              at,
              event.type === 'customer.subscription.deleted',
            );
            break;
          case 'invoice.paid':
          case 'invoice.payment_failed':
            await onInvoice(tx, event.data.object, at, event.type === 'invoice.paid');
            break;
        }
        return { applied: true };
      });
    },
  };
}

export type BillingService = ReturnType<typeof createBillingService>;
