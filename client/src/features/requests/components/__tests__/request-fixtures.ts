import type { ReviewRequest } from '@shared/review-requests';

/** An SMS request Twilio refused, as the list and the details answer it. */
export const failedRequest: ReviewRequest = {
  id: 5,
  locationId: 1,
  locationName: 'Harbour Street',
  contactId: 7,
  contactName: 'Ana Lima',
  method: 'sms',
  templateId: null,
  uniqueLink: 'abc',
  status: 'failed',
  failureReason: 'Twilio refused the number',
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
  cancelReason: null,
};
