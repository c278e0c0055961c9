import { http, HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';

import { renderWithProviders, screen, server, waitFor } from '@/testing/test-utils';

import { PlanFormDialog } from '../plan-form-dialog';

describe('PlanFormDialog', () => {
  it('when the fields are invalid, then each shows its message and nothing is sent', async () => {
    const sent = vi.fn();
    server.use(http.post('*/api/admin/plans', () => sent()));
    const { user } = renderWithProviders(<PlanFormDialog onClose={() => {}} />);

    await user.type(screen.getByLabelText('Name'), 'X');
    await user.type(screen.getByLabelText('Price per month'), '-5');
    await user.clear(screen.getByLabelText('Currency'));
    await user.type(screen.getByLabelText('Currency'), 'us');
    await user.type(screen.getByLabelText('Locations'), '1.5');
    await user.click(screen.getByRole('button', { name: 'Create plan' }));

    expect(await screen.findByText('Plan name must be at least 2 characters.')).toBeInTheDocument();
    expect(screen.getByText('Price must be an amount like 29 or 29.99')).toBeInTheDocument();
    expect(screen.getByText('Currency must be a 3-letter code (e.g. usd)')).toBeInTheDocument();
    expect(
      screen.getByText('Locations limit must be a whole number, or empty for unlimited'),
    ).toBeInTheDocument();
    expect(screen.getByLabelText('Name')).toHaveAttribute('aria-invalid', 'true');
    expect(sent).not.toHaveBeenCalled();
  });

  it('when the form is valid, then it sends cents, null limits and one feature per line', async () => {
    let body: unknown;
    server.use(
      http.post('*/api/admin/plans', async ({ request }) => {
        body = await request.json();
        return HttpResponse.json({ id: 1, name: 'Growth' }, { status: 201 });
      }),
    );
    const onClose = vi.fn();
    const { user } = renderWithProviders(<PlanFormDialog onClose={onClose} />);

    await user.type(screen.getByLabelText('Name'), 'Growth');
    await user.type(screen.getByLabelText('Price per month'), '29.99');
    await user.type(screen.getByLabelText('Review requests per month'), '500');
    await user.type(screen.getByLabelText('Features'), 'SMS requests{Enter}{Enter}Google import ');
    await user.click(screen.getByRole('button', { name: 'Create plan' }));

    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(body).toEqual({
      name: 'Growth',
      priceCents: 2999,
      currency: 'usd',
      reviewRequestLimit: 500,
      locationsLimit: null,
      features: ['SMS requests', 'Google import'],
      stripePriceId: null,
    });
  });
});
