import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';

import { findToast, renderWithProviders, screen, server } from '@/testing/test-utils';
import { DEFAULT_REQUEST_SETTINGS } from '@shared/schemas/request-settings';

import { RequestsTab } from '../requests-tab';

describe('RequestsTab', () => {
  it('when the owner adds a second reminder and their time zone, then both are saved', async () => {
    let saved: unknown;
    server.use(
      http.get('*/api/request-settings', () => HttpResponse.json(DEFAULT_REQUEST_SETTINGS)),
      http.put('*/api/request-settings', async ({ request }) => {
        saved = await request.json();
        return HttpResponse.json(saved as object);
      }),
    );
    const { user } = renderWithProviders(<RequestsTab />);

    expect(await screen.findByLabelText('First reminder after (days)')).toHaveValue(3);
    expect(screen.queryByLabelText('Second reminder after (days)')).not.toBeInTheDocument();
    await user.click(screen.getByLabelText('Send a second reminder'));
    expect(screen.getByLabelText('Second reminder after (days)')).toHaveValue(7);
    await user.type(screen.getByLabelText('Your time zone'), 'Europe/Paris');
    await user.click(screen.getByRole('button', { name: 'Save request settings' }));

    expect(await findToast('Request settings saved')).toBeInTheDocument();
    expect(saved).toEqual({ ...DEFAULT_REQUEST_SETTINGS, secondReminderDays: 7, timeZone: 'Europe/Paris' });
  });

  it('when the business zone is set, then the tab says which zone quiet hours use for each customer', async () => {
    server.use(
      http.get('*/api/request-settings', () =>
        HttpResponse.json({ ...DEFAULT_REQUEST_SETTINGS, timeZone: 'Europe/Berlin' }),
      ),
    );
    renderWithProviders(<RequestsTab />);

    expect(
      await screen.findByText(
        (_text, el) =>
          el?.tagName === 'P' &&
          el.textContent ===
            "Quiet hours use each customer's time zone: their own if set, else their phone's country (e.g. +44 → Europe/London), else their location's, else your business zone: Europe/Berlin.",
      ),
    ).toBeInTheDocument();
    expect(screen.queryByRole('note')).not.toBeInTheDocument();
  });

  it('when the business zone is not set, then a warning says quiet hours reach only customers of known zone, beside the field to set it', async () => {
    server.use(http.get('*/api/request-settings', () => HttpResponse.json(DEFAULT_REQUEST_SETTINGS)));
    renderWithProviders(<RequestsTab />);

    expect(await screen.findByRole('note')).toHaveTextContent(
      "Without your business zone, quiet hours reach only customers whose time zone is known: their own, their phone's country or their location's. A +1 number, for example, has several. Set your time zone below.",
    );
    expect(screen.getByText(/else your business zone, which is not set\./)).toBeInTheDocument();
    expect(screen.getByLabelText('Your time zone')).toHaveValue('');
  });

  it('when the second reminder is not after the first, then the field says so and nothing is saved', async () => {
    let calls = 0;
    server.use(
      http.get('*/api/request-settings', () =>
        HttpResponse.json({ ...DEFAULT_REQUEST_SETTINGS, secondReminderDays: 7 }),
      ),
      http.put('*/api/request-settings', () => {
        calls += 1;
        return HttpResponse.json({});
      }),
    );
    const { user } = renderWithProviders(<RequestsTab />);
    const second = await screen.findByLabelText('Second reminder after (days)');

    await user.clear(second);
    await user.type(second, '2');
    await user.clear(screen.getByLabelText('First reminder after (days)'));
    await user.type(screen.getByLabelText('First reminder after (days)'), '5');
    await user.click(screen.getByRole('button', { name: 'Save request settings' }));

    expect(await screen.findByText('The second reminder must come after the first')).toBeInTheDocument();
    expect(calls).toBe(0);
  });
});
