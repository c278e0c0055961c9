/** What other features use of billing: the portal button's mutation, how plans read, the plan terms. */
export { useOpenBillingPortal } from './api/open-billing-portal';
export { usePlanOffers, useSubscription } from './api/get-subscription';
export { formatDate, limitText, planLimitsText, planPrice } from './plan-text';
export { FreePlanLimits, GracePeriod, UnverifiedCap } from './components/plan-terms-text';
