import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';

import { renderWithProviders, screen, server as mockServer, within } from '@/testing/test-utils';

import { ContactTimeline } from '../contact-timeline';

describe('ContactTimeline', () => {
  it('when the contact was asked, skipped and reviewed, then each line says what happened and why, newest first', async () => {
    server();
    const { user } = renderWithProviders(<ContactTimeline contactId={5} />);

    await user.click(await screen.findByText('Requests timeline'));
    const items = within(screen.getByRole('list', { name: 'Requests timeline' })).getAllByRole('listitem');
    expect(items.map((li) => li.firstChild?.textContent)).toEqual([
      'Request cancelled (#12)',
      'Left a review',
      'Not asked by Email',
      'Asked for a review by SMS',
    ]);
    expect(items[0]).toHaveTextContent('Reviewed through another request');
    expect(items[2]).toHaveTextContent('Asked on 3 Mar by SMS: at most once every 30 days');
    expect(items[3]).toHaveTextContent('Send to many');
  });
});

function server() {
  const at = '2026-03-03T12:00:00.000Z';
  const line = (
    id: number,
    kind: string,
    channel: string | null,
    detail: string,
    reviewRequestId: number | null,
  ) => ({
    id,
    kind,
    channel,
    detail,
    reviewRequestId,
    createdAt: at,
  });
  mockServer.use(
    http.get('*/api/contacts/5/timeline', () =>
      HttpResponse.json([
        line(4, 'cancelled', 'email', 'Reviewed through another request', 12),
        line(3, 'reviewed', null, 'Rated 5 of 5', 13),
        line(2, 'skipped', 'email', 'Asked on 3 Mar by SMS: at most once every 30 days', null),
        line(1, 'asked', 'sms', 'Send to many', 11),
      ]),
    ),
  );
}
