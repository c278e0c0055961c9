import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';

import { findToast, renderWithProviders, screen, server, within } from '@/testing/test-utils';
import type { ReviewRequestDetail } from '@shared/review-requests';

import { LinkedRequestCard } from '../linked-request-card';
import { failedRequest } from './request-fixtures';

const failed: ReviewRequestDetail = {
  ...failedRequest,
  events: [
    { kind: 'created', detail: null, createdAt: '2026-03-10T10:00:00.000Z' },
    {
      kind: 'waiting',
      detail: 'Quiet hours: sends at Tue 11 Mar, 08:00 Europe/Paris',
      createdAt: '2026-03-10T10:00:00.000Z',
    },
    { kind: 'failed', detail: 'Twilio refused the number', createdAt: '2026-03-10T10:01:00.000Z' },
  ],
};

describe('LinkedRequestCard', () => {
  it('when a failed request is shown, then its timeline reads in order and "Send again" retries it', async () => {
    let retried = false;
    server.use(
      http.get('*/api/review-requests/5', () => HttpResponse.json(failed)),
      http.post('*/api/review-requests/5/retry', () => {
        retried = true;
        return HttpResponse.json({ ...failed, status: 'queued', failureReason: null });
      }),
    );
    const { user } = renderWithProviders(<LinkedRequestCard />, { path: '/get-reviews?request=5' });

    const card = await screen.findByRole('region', { name: 'Review request details' });
    const steps = within(within(card).getByRole('list', { name: 'Timeline' })).getAllByRole('listitem');
    expect(steps.map((step) => step.textContent)).toEqual([
      expect.stringMatching(/^Created/),
      expect.stringMatching(/^Waiting for quiet hours to end.*08:00 Europe\/Paris$/),
      expect.stringMatching(/^Failed.*Twilio refused the number$/),
    ]);
    expect(within(card).getByRole('button', { name: 'Resend with a new link' })).toBeInTheDocument();
    expect(within(card).queryByRole('button', { name: 'Cancel request' })).not.toBeInTheDocument();

    await user.click(within(card).getByRole('button', { name: 'Send again' }));

    expect(await findToast('Done')).toBeInTheDocument();
    expect(retried).toBe(true);
  });
});
