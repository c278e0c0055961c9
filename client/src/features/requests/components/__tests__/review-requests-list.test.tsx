import { http, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';

import { renderWithProviders, screen, server, within } from '@/testing/test-utils';
import type { ReviewRequest } from '@shared/schemas/review-requests';

import { ReviewRequestsList } from '../review-requests-list';

const failed: ReviewRequest = {
  id: 5,
  locationId: 1,
  locationName: 'Harbour Street',
  contactId: 7,
  contactName: 'Ana Lima',
  method: 'sms',
  templateId: null,
  uniqueLink: 'abc',
  status: 'failed',
  failureReason: 'The phone number cannot receive text messages',
  createdAt: '2026-03-10T10:00:00.000Z',
  queuedAt: '2026-03-10T10:00:00.000Z',
  sentAt: null,
  deliveredAt: null,
  openedAt: null,
  completedAt: null,
  failedAt: '2026-03-10T10:01:00.000Z',
  cancelledAt: null,
  remindersSent: 0,
  resentFromId: null,
};

describe('ReviewRequestsList on a phone', () => {
  const originalWidth = window.innerWidth;
  beforeEach(() => {
    window.innerWidth = 375;
    server.use(
      http.get('*/api/review-requests', () =>
        HttpResponse.json([failed], { headers: { 'X-Total-Count': '1' } }),
      ),
    );
  });
  afterEach(() => {
    window.innerWidth = originalWidth;
  });

  it('when a request failed, then its card says so and why, the reason on a line of its own under the name', async () => {
    renderWithProviders(<ReviewRequestsList />, { path: '/get-reviews' });

    const list = await screen.findByRole('list', { name: 'Review requests' });
    const card = within(list).getByRole('listitem');
    expect(within(card).getByText('Failed')).toBeInTheDocument();
    const reason = within(card).getByText('The phone number cannot receive text messages');
    // A direct line of the card: beside the name it would squeeze it to a few letters.
    expect(reason.parentElement).toBe(card);
  });
});
