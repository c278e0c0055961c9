/** What other features use of billing: the portal button's mutation and how plans read. */
export { useOpenBillingPortal } from './api/open-billing-portal';
export { formatDate, limitText, planLimitsText, planPrice } from './plan-text';
