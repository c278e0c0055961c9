// The plans words, without zod (the schemas are in shared/schemas/plans.ts, which exports these too).

/** Upper bounds the product leaves open: they keep rows and Stripe ids sane. */
export const PLAN_NAME_MAX = 60;
export const PLAN_FEATURE_MAX = 120;
export const PLAN_FEATURES_MAX = 20;
export const PLAN_PRICE_MAX_CENTS = 100_000_000;

/** '$12.00', '€0.00'… for a price in cents. */
export function formatPrice(priceCents: number, currency: string): string {
  try {
    return new Intl.NumberFormat('en-US', { style: 'currency', currency: currency.toUpperCase() }).format(
      priceCents / 100,
    );
  } catch {
    return `${(priceCents / 100).toFixed(2)} ${currency.toUpperCase()}`;
  }
}

/** GET /api/plan-terms (public): the numbers Help and the Terms quote, as this deployment has them. */
export interface PlanTerms {
  freePlan: { reviewRequestLimit: number | null; locationsLimit: number | null };
  /** Review requests an account can send in all before its email is confirmed. */
  unverifiedRequestCap: number;
  /** Days the paid limits hold after a failed payment. */
  billingGraceDays: number;
}

/** Where a client's Stripe subscription stands (the Plan tab's status line). */
export interface SubscriptionStatus {
  /** Stripe's status: active, trialing, past_due, canceled, unpaid, incomplete... */
  status: string;
  currentPeriodEnd: string | null;
  /** Cancelled in the portal: the plan holds until currentPeriodEnd, then the free plan. */
  cancelAtPeriodEnd: boolean;
  /** A renewal payment failed at this time and none has succeeded since. */
  paymentFailedAt: string | null;
  /** Until then the paid plan's limits hold despite the failed payment; after it, the free plan's. */
  graceEndsAt: string | null;
}

/** GET /api/subscription: the client's plan and this month's use of its limits (the Plan tab). */
export interface SubscriptionOverview {
  plan: {
    id: number;
    name: string;
    priceCents: number;
    currency: string;
    /** null: unlimited. */
    reviewRequestLimit: number | null;
    locationsLimit: number | null;
    free: boolean;
  };
  usage: {
    /** The calendar month (UTC) the request count is for. */
    periodStart: string;
    reviewRequests: number;
    locations: number;
  };
  /** 'not_configured': no STRIPE_SECRET_KEY, so plans change through the team, not online. */
  payments: 'configured' | 'not_configured';
  /** The Stripe subscription, if the client ever had one. */
  subscription: SubscriptionStatus | null;
  /** Whether "Manage billing" (Stripe's customer portal) has a customer to open. */
  canManageBilling: boolean;
  /** The grace period after a failed payment is over: the free plan's limits apply until a payment succeeds. */
  limitedToFree: boolean;
}

/** POST /api/checkout/{planId}: where to send the browser (Stripe Checkout). */
export interface CheckoutStart {
  url: string;
}

/**
 * GET /api/checkout/sessions/{id}: the outcome from the server's own record, never from the URL:
 * 'success' once Stripe's webhook confirmed it, 'pending' while it has not, 'cancelled' when the session was
 * left or expired.
 */
export interface CheckoutOutcome {
  status: 'success' | 'pending' | 'cancelled';
  plan: PlanOffer;
}

/** GET /api/plans for a client: the plans on offer. */
export interface PlanOffer {
  id: number;
  name: string;
  priceCents: number;
  currency: string;
  reviewRequestLimit: number | null;
  locationsLimit: number | null;
  features: string[];
  /** Null: not sold through Stripe Checkout (the free plan, or one the team assigns). */
  stripePriceId: string | null;
}
