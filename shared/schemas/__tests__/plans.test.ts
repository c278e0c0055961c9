import { describe, expect, it } from 'vitest';
import { PlanFormSchema, planFormValues, type Plan } from '../plans';

const form = {
  name: 'Growth',
  price: '29.99',
  currency: 'EUR',
  reviewRequestLimit: '500',
  locationsLimit: '',
  features: 'Priority support\n\n  SMS requests  ',
  stripePriceId: '  price_123  ',
};

describe('the plan form', () => {
  it("when an admin's text is valid, then it becomes the API's plan input", () => {
    expect(PlanFormSchema.parse(form)).toEqual({
      name: 'Growth',
      priceCents: 2999,
      currency: 'eur',
      reviewRequestLimit: 500,
      locationsLimit: null,
      features: ['Priority support', 'SMS requests'],
      stripePriceId: 'price_123',
    });
  });

  it('when the Stripe price id is blank, then the plan has none', () => {
    expect(PlanFormSchema.parse({ ...form, stripePriceId: '   ' }).stripePriceId).toBeNull();
  });

  it("when a field breaks the API's rule, then the form shows the API's message on that field", () => {
    const result = PlanFormSchema.safeParse({ ...form, currency: 'euro' });

    expect(result.success).toBe(false);
    expect(result.error?.issues.map((issue) => [issue.path.join('.'), issue.message])).toEqual([
      ['currency', 'Currency must be a 3-letter code (e.g. usd)'],
    ]);
    const tooLong = PlanFormSchema.safeParse({ ...form, stripePriceId: 'p'.repeat(201) });
    expect(tooLong.error?.issues.map((issue) => [issue.path.join('.'), issue.message])).toEqual([
      ['stripePriceId', 'Stripe price id is too long'],
    ]);
  });

  it('when a plan is edited, then its form values give back the same plan', () => {
    const plan: Plan = {
      id: 3,
      name: 'Pro',
      priceCents: 4900,
      currency: 'usd',
      reviewRequestLimit: null,
      locationsLimit: 5,
      features: ['Everything'],
      stripePriceId: null,
      createdAt: '2026-01-01T00:00:00.000Z',
      archivedAt: null,
      archived: false,
    };

    const { id, createdAt, archivedAt, archived, ...values } = plan;
    void [id, createdAt, archivedAt, archived];
    expect(PlanFormSchema.parse(planFormValues(plan))).toEqual(values);
  });
});
