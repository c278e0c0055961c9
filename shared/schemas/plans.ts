import { z } from 'zod';

import { PLAN_NAME_MAX, PLAN_FEATURE_MAX, PLAN_FEATURES_MAX, PLAN_PRICE_MAX_CENTS } from '../plans';

export * from '../plans';

const limitField = (label: string) =>
  z
    .number({ error: `${label} must be a number` })
    .int({ error: `${label} must be a whole number` })
    .min(0, { error: `${label} cannot be negative` })
    .max(1_000_000, { error: `${label} is too large` })
    .nullable();

/** A plan as an admin writes it; `null` limits mean unlimited. */
export const PlanInputSchema = z.object({
  name: z
    .string({ error: 'Plan name is required' })
    .trim()
    .min(2, { error: 'Plan name must be at least 2 characters.' })
    .max(PLAN_NAME_MAX, { error: `Plan name must be at most ${PLAN_NAME_MAX} characters.` }),
  priceCents: z
    .number({ error: 'Price must be a number' })
    .int({ error: 'Price must be a whole number of cents' })
    .min(0, { error: 'Price cannot be negative' })
    .max(PLAN_PRICE_MAX_CENTS, { error: 'Price is too large' }),
  currency: z
    .string({ error: 'Currency must be a 3-letter code' })
    .trim()
    .regex(/^[A-Za-z]{3}$/, { error: 'Currency must be a 3-letter code (e.g. usd)' })
    .transform((value) => value.toLowerCase()),
  reviewRequestLimit: /* @__PURE__ */ limitField('Review request limit'),
  locationsLimit: /* @__PURE__ */ limitField('Locations limit'),
  features: z
    .array(
      z
        .string()
        .trim()
        .min(1, { error: 'A feature cannot be empty' })
        .max(PLAN_FEATURE_MAX, { error: `A feature must be at most ${PLAN_FEATURE_MAX} characters` }),
    )
    .max(PLAN_FEATURES_MAX, { error: `At most ${PLAN_FEATURES_MAX} features` }),
  stripePriceId: z
    .string()
    .trim()
    .max(200, { error: 'Stripe price id is too long' })
    .nullable()
    .optional()
    .transform((value) => (value ? value : null)),
});
export type PlanInput = z.input<typeof PlanInputSchema>;
export type PlanValues = z.output<typeof PlanInputSchema>;

export const CreatePlanSchema = PlanInputSchema;

/** Any subset of the fields; `archived: false` restores an archived plan. */
export const UpdatePlanSchema = /* @__PURE__ */ PlanInputSchema.partial().extend({
  archived: z.boolean().optional(),
});
export type UpdatePlanInput = z.input<typeof UpdatePlanSchema>;

/** A plan as the API answers it: what an admin wrote, and its id, creation and archiving. */
export type Plan = PlanValues & {
  id: number;
  createdAt: string;
  archivedAt: string | null;
  archived: boolean;
};

/** An admin's plan row also says how many clients are on it. */
export type AdminPlan = Plan & { clients: number };

const optionalLimitText = (label: string) =>
  z
    .string()
    .trim()
    .refine((value) => value === '' || /^\d{1,7}$/.test(value), {
      error: `${label} must be a whole number, or empty for unlimited`,
    })
    .transform((value) => (value === '' ? null : Number(value)));

/**
 * The plan form: what an admin types (a price like 29.99, limits left empty for unlimited, one feature
 * per line), turned into the API's PlanInput and checked by its rules (name, currency and Stripe price id
 * are the API's own; the price and limits are text here, numbers there).
 */
export const PlanFormSchema = /* @__PURE__ */ z
  .object({
    name: PlanInputSchema.shape.name,
    price: z
      .string()
      .trim()
      .regex(/^\d{1,7}(\.\d{1,2})?$/, { error: 'Price must be an amount like 29 or 29.99' }),
    currency: PlanInputSchema.shape.currency,
    reviewRequestLimit: /* @__PURE__ */ optionalLimitText('Review request limit'),
    locationsLimit: /* @__PURE__ */ optionalLimitText('Locations limit'),
    features: z.string().max(PLAN_FEATURES_MAX * (PLAN_FEATURE_MAX + 1), { error: 'Too many features' }),
    stripePriceId: z.string(),
  })
  .transform((form): PlanInput => ({
    name: form.name,
    priceCents: Math.round(Number(form.price) * 100),
    currency: form.currency,
    reviewRequestLimit: form.reviewRequestLimit,
    locationsLimit: form.locationsLimit,
    features: form.features
      .split('\n')
      .map((line) => line.trim())
      .filter(Boolean),
    stripePriceId: form.stripePriceId,
  }))
  .pipe(PlanInputSchema);
export type PlanFormInput = z.input<typeof PlanFormSchema>;

/** The form's values for an existing plan (or blank for a new one). */
export function planFormValues(plan?: Plan): PlanFormInput {
  return {
    name: plan?.name ?? '',
    price: plan ? (plan.priceCents / 100).toFixed(2) : '',
    currency: plan?.currency ?? 'usd',
    reviewRequestLimit: plan?.reviewRequestLimit == null ? '' : String(plan.reviewRequestLimit),
    locationsLimit: plan?.locationsLimit == null ? '' : String(plan.locationsLimit),
    features: plan?.features.join('\n') ?? '',
    stripePriceId: plan?.stripePriceId ?? '',
  };
}
