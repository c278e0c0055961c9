import express, { Router, type RequestHandler } from 'express';
import { z } from 'zod';
import { IdSchema } from '@shared/schemas/domain';
import type { PlanTerms } from '@shared/schemas/plans';
import type { AppContext } from '../../lib/context';
import { forbidden } from '../../lib/errors';
import { tenantOf } from '../../middleware/tenant';
import { validate } from '../../middleware/validate';
import { createBillingService } from './billing.service';
import { createPlanLimits } from './plan-limits';

export const OWN_BILLING_ONLY = "Only the account's owner can subscribe, pay or open billing.";

/**
 * Paying is the business's own act: the client, or a member it made an owner (the route table lets only
 * owners here, server/routes/client-route-roles.ts); an admin inside the client's area (the mirrored routes)
 * cannot.
 */
const ownBillingOnly: RequestHandler = (req, _res, next) => {
  const own = req.user!.id === tenantOf(req) || req.user!.role === 'member';
  next(own ? undefined : forbidden(OWN_BILLING_ONLY));
};

const PlanParams = z.object({ planId: IdSchema });
/** Stripe's Checkout Session ids (cs_test_..., cs_live_...). */
const SessionParams = z.object({
  id: z.string().regex(/^cs_[A-Za-z0-9_]{1,250}$/, { error: 'Invalid checkout session id' }),
});

/**
 * The client's plan and Stripe subscription (issue 11): GET /api/subscription (usage), checkout, its
 * outcome for /subscribe, and the customer portal.
 */
export function createBillingRoutes(ctx: AppContext): Router {
  const limits = createPlanLimits(ctx);
  const billing = createBillingService(ctx);
  const router = Router();

  router.get('/subscription', async (req, res) => {
    res.json(await limits.usage(tenantOf(req)));
  });

  // Before /checkout/:planId: the way back through Stripe's cancel_url.
  router.post('/checkout/cancel', ownBillingOnly, async (req, res) => {
    res.json(await billing.cancelOpenCheckouts(tenantOf(req)));
  });

  router.post(
    '/checkout/:planId',
    ownBillingOnly,
    validate({ params: PlanParams }, async ({ params }, req, res) => {
      res.status(201).json(await billing.startCheckout(tenantOf(req), params.planId));
    }),
  );

  router.get(
    '/checkout/sessions/:id',
    validate({ params: SessionParams }, async ({ params }, req, res) => {
      res.json(await billing.checkoutOutcome(tenantOf(req), params.id));
    }),
  );

  router.post('/billing/portal', ownBillingOnly, async (req, res) => {
    res.json(await billing.portal(tenantOf(req)));
  });

  return router;
}

/** GET /api/plan-terms: public, so Help and the Terms quote this deployment's own limits. */
export function createPlanTermsRoutes(ctx: AppContext): Router {
  const limits = createPlanLimits(ctx);
  const router = Router();
  router.get('/plan-terms', async (_req, res) => {
    const free = await limits.freePlanLimits();
    const terms: PlanTerms = {
      freePlan: { reviewRequestLimit: free.reviewRequestLimit, locationsLimit: free.locationsLimit },
      unverifiedRequestCap: ctx.env.UNVERIFIED_REQUEST_CAP,
      billingGraceDays: ctx.env.BILLING_GRACE_DAYS,
    };
    res.setHeader('Cache-Control', 'public, max-age=300');
    res.json(terms);
  });
  return router;
}

/**
 * POST /api/stripe/webhook, mounted before the JSON parser, the same-origin check and sessions: Stripe's
 * signature is over the exact bytes it sent, and Stripe has no cookie or Origin.
 */
export function createStripeWebhookRoutes(ctx: AppContext): Router {
  const billing = createBillingService(ctx);
  const router = Router();
  router.post(
    '/stripe/webhook',
    // Stripe's events can outgrow the API's body limit (an invoice with many lines).
    express.raw({ type: () => true, limit: Math.max(ctx.env.MAX_BODY_BYTES, 1024 * 1024) }),
    async (req, res) => {
      const body = Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0);
      const result = await billing.handleWebhook(body, req.get('stripe-signature'));
      res.json({ received: true, applied: result.applied });
    },
  );
  return router;
}
