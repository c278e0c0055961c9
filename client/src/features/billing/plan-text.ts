/** How plans read everywhere: price a month, limits in words. */
export const planPrice = (cents: number, currency: string) =>
  cents === 0
    ? 'Free'
    : `${new Intl.NumberFormat('en-US', { style: 'currency', currency: currency.toUpperCase() }).format(cents / 100)} a month`;

export const limitText = (limit: number | null, unit: string) =>
  limit === null ? `Unlimited ${unit}` : `${limit} ${unit}`;

export const planLimitsText = (plan: { reviewRequestLimit: number | null; locationsLimit: number | null }) =>
  `${limitText(plan.reviewRequestLimit, 'review requests a month')} · ${limitText(
    plan.locationsLimit,
    plan.locationsLimit === 1 ? 'location' : 'locations',
  )}`;

export const formatDate = (iso: string) =>
  new Date(iso).toLocaleDateString('en-US', { month: 'short', day: 'numeric', year: 'numeric' });
