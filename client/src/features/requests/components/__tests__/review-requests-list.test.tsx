import { http, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';

import { renderWithProviders, screen, server, within } from '@/testing/test-utils';

import { ReviewRequestsList } from '../review-requests-list';
import { failedRequest } from './request-fixtures';

const failed = { ...failedRequest, failureReason: 'The phone number cannot receive text messages' };

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
