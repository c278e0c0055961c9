// Plans, Stripe and the plan limits other features enforce.
export { createBillingRoutes, createPlanTermsRoutes, createStripeWebhookRoutes } from './billing.routes';
export { createBillingService } from './billing.service';
export { createPlanLimits, locationLimitMessage, overLimit, type PlanLimits } from './plan-limits';
