import { http, HttpResponse } from 'msw';
import { Route } from 'wouter';
import { describe, expect, it } from 'vitest';

import { renderWithProviders, screen, server } from '@/testing/test-utils';

import { CheckoutPage } from '../checkout-page';

const GROWTH = {
  id: 2,
  name: 'Growth',
  priceCents: 2900,
  currency: 'usd',
  reviewRequestLimit: null,
  locationsLimit: 10,
  features: [],
};

function serve(payments: 'configured' | 'not_configured') {
  server.use(
    http.get('*/api/plans', () => HttpResponse.json([GROWTH])),
    http.get('*/api/subscription', () =>
      HttpResponse.json({
        plan: {
          id: 1,
          name: 'Free',
          priceCents: 0,
          currency: 'usd',
          reviewRequestLimit: 100,
          locationsLimit: 3,
          free: true,
        },
        usage: { periodStart: '2026-11-01T00:00:00.000Z', reviewRequests: 0, locations: 1 },
        payments,
        subscription: null,
        canManageBilling: false,
        limitedToFree: false,
      }),
    ),
  );
}

const renderCheckout = () =>
  renderWithProviders(
    <Route path="/checkout/:planId">
      <CheckoutPage />
    </Route>,
    { path: '/checkout/2' },
  );

describe('CheckoutPage', () => {
  it('when this server takes payments, then the plan is offered with Continue to payment', async () => {
    serve('configured');
    renderCheckout();

    expect(await screen.findByText('Growth plan')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Continue to payment' })).toBeEnabled();
  });

  it('when online payment is not set up, then it says how the plan changes and offers no button that can only fail', async () => {
    serve('not_configured');
    renderCheckout();

    expect(await screen.findByText('Growth plan')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Continue to payment' })).not.toBeInTheDocument();
    expect(screen.getByText(/Online payment isn't set up on this server/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to plans' })).toBeInTheDocument();
  });
});
