import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';

import { renderWithProviders, screen, server, within } from '@/testing/test-utils';

import { PlanTab } from '../plan-tab';

describe('PlanTab', () => {
  it("when a client has used this month's requests, then the bar is full and the plans on offer show", async () => {
    server.use(
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
          usage: { periodStart: '2026-11-01T00:00:00.000Z', reviewRequests: 100, locations: 1 },
          payments: 'not_configured',
        }),
      ),
      http.get('*/api/plans', () =>
        HttpResponse.json([
          {
            id: 1,
            name: 'Free',
            priceCents: 0,
            currency: 'usd',
            reviewRequestLimit: 100,
            locationsLimit: 3,
            features: [],
          },
          {
            id: 2,
            name: 'Growth',
            priceCents: 2900,
            currency: 'usd',
            reviewRequestLimit: null,
            locationsLimit: 10,
            features: [],
          },
        ]),
      ),
    );
    renderWithProviders(<PlanTab />);

    expect(await screen.findByText('Free plan')).toBeInTheDocument();
    const requests = screen.getByRole('progressbar', { name: 'Review requests in November 2026' });
    expect(requests).toHaveAttribute('aria-valuenow', '100');
    expect(requests).toHaveAttribute('aria-valuemax', '100');
    expect(screen.getByText('100 of 100')).toBeInTheDocument();
    expect(screen.getByRole('progressbar', { name: 'Locations' })).toHaveAttribute('aria-valuenow', '1');
    const offers = await screen.findByRole('list', { name: 'Plans on offer' });
    const growth = within(offers).getByText('Growth').closest('li')!;
    expect(growth).toHaveTextContent('$29.00 a month');
    expect(growth).toHaveTextContent('Unlimited review requests a month · 10 locations');
    expect(within(offers).getByText('Current plan').closest('li')).toHaveTextContent('Free');
    expect(screen.getByText(/Online payment is not set up yet/)).toBeInTheDocument();
  });

  it('when payments are set up and a renewal failed, then it says past due until the grace end and offers Upgrade to checkout', async () => {
    server.use(
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
          usage: { periodStart: '2026-11-01T00:00:00.000Z', reviewRequests: 3, locations: 1 },
          payments: 'configured',
          subscription: {
            status: 'past_due',
            currentPeriodEnd: '2026-12-20T00:00:00.000Z',
            cancelAtPeriodEnd: false,
            paymentFailedAt: '2026-11-20T00:00:00.000Z',
            graceEndsAt: '2026-11-27T12:00:00.000Z',
          },
          canManageBilling: true,
          limitedToFree: false,
        }),
      ),
      http.get('*/api/plans', () =>
        HttpResponse.json([
          {
            id: 1,
            name: 'Free',
            priceCents: 0,
            currency: 'usd',
            reviewRequestLimit: 100,
            locationsLimit: 3,
            features: [],
            stripePriceId: null,
          },
          {
            id: 2,
            name: 'Growth',
            priceCents: 2900,
            currency: 'usd',
            reviewRequestLimit: null,
            locationsLimit: 10,
            features: [],
            stripePriceId: 'price_growth',
          },
        ]),
      ),
    );
    renderWithProviders(<PlanTab />);

    expect(await screen.findByText(/Past due: your last payment failed/)).toHaveTextContent('Nov 27, 2026');
    expect(screen.getByRole('button', { name: 'Manage billing' })).toBeInTheDocument();
    // A live subscription is changed in the portal, not by a second checkout.
    const offers = await screen.findByRole('list', { name: 'Plans on offer' });
    expect(within(offers).queryByRole('link', { name: /Upgrade/ })).toBeNull();
    expect(within(offers).getByText('Growth').closest('li')).toHaveTextContent('Switch with Manage billing.');
  });

  it('when payments are set up and the client has no subscription, then paid plans link to their checkout', async () => {
    server.use(
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
          usage: { periodStart: '2026-11-01T00:00:00.000Z', reviewRequests: 0, locations: 0 },
          payments: 'configured',
          subscription: null,
          canManageBilling: false,
          limitedToFree: false,
        }),
      ),
      http.get('*/api/plans', () =>
        HttpResponse.json([
          {
            id: 1,
            name: 'Free',
            priceCents: 0,
            currency: 'usd',
            reviewRequestLimit: 100,
            locationsLimit: 3,
            features: [],
            stripePriceId: null,
          },
          {
            id: 2,
            name: 'Growth',
            priceCents: 2900,
            currency: 'usd',
            reviewRequestLimit: null,
            locationsLimit: 10,
            features: [],
            stripePriceId: 'price_growth',
          },
        ]),
      ),
    );
    renderWithProviders(<PlanTab />);

    expect(await screen.findByRole('link', { name: 'Upgrade to Growth' })).toHaveAttribute(
      'href',
      '/checkout/2',
    );
    expect(screen.queryByRole('button', { name: 'Manage billing' })).toBeNull();
    expect(screen.queryByText(/Online payment is not set up yet/)).toBeNull();
  });
});
