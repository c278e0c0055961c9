import type { PlanTerms } from '@shared/plans';
import { usePlanTerms } from '../api/plan-terms';

/**
 * The numbers Help and the Terms quote, read from the server so they never promise what this deployment
 * does not give. Until they arrive (or if they cannot), the sentence reads without a number.
 */
const count = (limit: number | null, unit: string) =>
  limit === null ? `unlimited ${unit}` : `${limit} ${unit}`;

export const freePlanLimitsText = (terms: PlanTerms | undefined) =>
  terms
    ? `${count(terms.freePlan.reviewRequestLimit, 'review requests a calendar month')} and ${count(
        terms.freePlan.locationsLimit,
        terms.freePlan.locationsLimit === 1 ? 'location' : 'locations',
      )}`
    : 'a set number of review requests a calendar month and of locations (Settings › Plan shows them)';

export const unverifiedCapText = (terms: PlanTerms | undefined) =>
  terms
    ? `${terms.unverifiedRequestCap} review requests in all`
    : 'a limited number of review requests in all';

export const gracePeriodText = (terms: PlanTerms | undefined) =>
  terms ? `${terms.billingGraceDays}-day grace period` : 'grace period';

export function FreePlanLimits() {
  return <>{freePlanLimitsText(usePlanTerms().data)}</>;
}

export function UnverifiedCap() {
  return <>{unverifiedCapText(usePlanTerms().data)}</>;
}

export function GracePeriod() {
  return <>{gracePeriodText(usePlanTerms().data)}</>;
}
