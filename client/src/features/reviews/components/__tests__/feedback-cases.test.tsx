import { http, HttpResponse } from 'msw';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import type { Review } from '@shared/reviews';
import type {
  FeedbackCase,
  FeedbackCaseList,
  FeedbackCaseSummary,
  FeedbackMessage,
} from '@shared/feedback-cases';

import { findToast, renderWithProviders, screen, server, waitFor, within } from '@/testing/test-utils';

import { reviewFixture } from '@/testing/review-fixture';

import { ReviewDetailsDialog } from '../review-details-dialog';
import { ReviewsPage } from '../reviews-page';

const review = (overrides: Partial<Review> = {}): Review =>
  reviewFixture({
    id: 41,
    type: 'private',
    rating: 2,
    content: 'We waited forty minutes',
    contactId: 7,
    locationId: 3,
    locationName: 'Harbour Street',
    reviewRequestId: 9,
    reviewerName: 'Nora Quinn',
    ...overrides,
  });

const message = (id: number, overrides: Partial<FeedbackMessage> = {}): FeedbackMessage => ({
  id,
  author: 'business',
  body: `Message ${id}`,
  createdAt: '2026-03-05T12:00:00.000Z',
  delivery: { status: 'sent', channel: 'email', sendAt: null, reason: null },
  ...overrides,
});

const feedbackCase = (overrides: Partial<FeedbackCase> = {}): FeedbackCase => ({
  id: 5,
  reviewId: 41,
  status: 'open',
  customerName: 'Nora Quinn',
  rating: 2,
  channel: 'email',
  unreachableReason: null,
  openedAt: '2026-03-05T10:00:00.000Z',
  resolvedAt: null,
  resolvedBy: null,
  messages: [],
  ...overrides,
});

const summary = (id: number, overrides: Partial<FeedbackCaseSummary> = {}): FeedbackCaseSummary => ({
  id,
  reviewId: 40 + id,
  status: 'open',
  customerName: `Customer ${id}`,
  rating: 2,
  excerpt: `Feedback ${id}`,
  locationName: 'Harbour Street',
  openedAt: '2026-03-05T10:00:00.000Z',
  lastActivityAt: '2026-03-05T10:00:00.000Z',
  lastAuthor: null,
  ...overrides,
});

/** The review's case as the server answers it: `shown`, then `answer` once a POST came (each recorded). */
function serveCase(shown: FeedbackCase, answer?: FeedbackCase) {
  const posted: { url: string; body: unknown }[] = [];
  let current = shown;
  server.use(
    http.get('*/api/reviews/41/feedback-case', () => HttpResponse.json({ case: current })),
    http.post('*/api/feedback-cases/5/:action', async ({ request }) => {
      posted.push({ url: new URL(request.url).pathname, body: await request.json().catch(() => null) });
      current = answer ?? shown;
      return HttpResponse.json(current);
    }),
  );
  return posted;
}

function Dialog({ shown }: { shown: Review }) {
  const [open, setOpen] = useState(true);
  return <ReviewDetailsDialog review={shown} open={open} onOpenChange={setOpen} />;
}

describe('a feedback case in the review dialog', () => {
  it('when the review has a case and no reply, then the reply box says who it goes to, and the case has no messages yet', async () => {
    serveCase(feedbackCase());
    renderWithProviders(<Dialog shown={review()} />);
    expect(await screen.findByText('Your reply will be sent to Nora Quinn by email.')).toBeInTheDocument();
    const section = screen.getByRole('region', { name: 'Feedback case' });
    expect(within(section).getByText('Open')).toBeInTheDocument();
    expect(within(section).getByText(/your reply starts the conversation/)).toBeInTheDocument();
    // Before the first reply, the message box is the review's own reply box.
    expect(within(section).queryByRole('textbox')).not.toBeInTheDocument();
  });

  it('when the customer cannot be reached, then the reply box says so before sending', async () => {
    serveCase(
      feedbackCase({
        channel: null,
        unreachableReason: 'The customer opted out of email and has no phone number.',
      }),
    );
    renderWithProviders(<Dialog shown={review()} />);
    expect(
      await screen.findByText(
        'Nora Quinn cannot be reached: The customer opted out of email and has no phone number. Your reply is saved here only.',
      ),
    ).toBeInTheDocument();
  });

  it('when messages went out, were held or were refused, then each says what really happened', async () => {
    serveCase(
      feedbackCase({
        status: 'waiting',
        messages: [
          message(1),
          message(2, { author: 'customer', body: 'Thanks, call me', delivery: null }),
          message(3, { delivery: { status: 'outbox', channel: 'email', sendAt: null, reason: null } }),
          message(4, {
            delivery: { status: 'queued', channel: null, sendAt: '2026-03-06T08:00:00.000Z', reason: null },
          }),
          message(5, {
            delivery: {
              status: 'not_sent',
              channel: null,
              sendAt: null,
              reason: 'The customer opted out of SMS.',
            },
          }),
          message(6, { delivery: { status: 'sent', channel: 'sms', sendAt: null, reason: null } }),
        ],
      }),
    );
    renderWithProviders(
      <Dialog shown={review({ responseContent: 'Message 1', respondedAt: '2026-03-05T12:00:00.000Z' })} />,
    );
    const conversation = await screen.findByRole('list', { name: 'Conversation' });
    const items = within(conversation).getAllByRole('listitem');
    expect(items.map((item) => item.textContent)).toEqual([
      expect.stringMatching(/^You.*Message 1Sent by email$/),
      expect.stringMatching(/^Nora Quinn.*Thanks, call me$/),
      expect.stringMatching(/Kept in the outbox: sending is not set up$/),
      expect.stringMatching(/Scheduled for .* \(the customer’s quiet hours\)$/),
      expect.stringMatching(/Not sent: The customer opted out of SMS\.$/),
      expect.stringMatching(/Sent by SMS$/),
    ]);
    expect(screen.getByText('Your first message in the feedback case below.')).toBeInTheDocument();
  });

  it('when the owner sends a message, then its words are posted and the toast says what the server did with it', async () => {
    const answered = review({ responseContent: 'Sorry', respondedAt: '2026-03-05T12:00:00.000Z' });
    const held = feedbackCase({
      status: 'waiting',
      messages: [
        message(1),
        message(2, {
          body: 'May we call you?',
          delivery: { status: 'queued', channel: null, sendAt: '2026-03-06T08:00:00.000Z', reason: null },
        }),
      ],
    });
    const posted = serveCase(feedbackCase({ status: 'waiting', messages: [message(1)] }), held);
    const { user } = renderWithProviders(<Dialog shown={answered} />);
    await user.type(
      await screen.findByRole('textbox', { name: 'Message to Nora Quinn' }),
      'May we call you?',
    );
    await user.click(screen.getByRole('button', { name: 'Send message' }));

    await waitFor(() => expect(posted).toHaveLength(1));
    expect(posted[0]).toEqual({ url: '/api/feedback-cases/5/messages', body: { body: 'May we call you?' } });
    expect(await findToast('Message scheduled after the customer’s quiet hours')).toBeInTheDocument();
  });

  it('when the message is empty, then nothing is posted and the box says why', async () => {
    const posted = serveCase(feedbackCase({ status: 'waiting', messages: [message(1)] }));
    const { user } = renderWithProviders(
      <Dialog shown={review({ responseContent: 'Sorry', respondedAt: '2026-03-05T12:00:00.000Z' })} />,
    );
    await user.click(await screen.findByRole('button', { name: 'Send message' }));
    expect(await screen.findByText('Please enter a message')).toBeInTheDocument();
    expect(posted).toEqual([]);
  });

  it('when the case is resolved, then the message box is closed, who resolved it shows, and Reopen reopens it', async () => {
    const resolved = feedbackCase({
      status: 'resolved',
      resolvedBy: 'customer',
      resolvedAt: '2026-03-07T09:00:00.000Z',
      messages: [message(1)],
    });
    const posted = serveCase(resolved, feedbackCase({ status: 'open', messages: [message(1)] }));
    const { user } = renderWithProviders(
      <Dialog shown={review({ responseContent: 'Sorry', respondedAt: '2026-03-05T12:00:00.000Z' })} />,
    );
    expect(await screen.findByText(/Resolved by the customer on/)).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Message to Nora Quinn' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Send message' })).toBeDisabled();

    await user.click(screen.getByRole('button', { name: 'Reopen' }));
    await waitFor(() => expect(posted.map((p) => p.url)).toEqual(['/api/feedback-cases/5/reopen']));
    expect(await findToast('Case reopened')).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: 'Mark resolved' })).toBeInTheDocument();
  });

  it('when the review is a Google review, then no case is asked for', async () => {
    let asked = 0;
    server.use(
      http.get('*/api/reviews/:id/feedback-case', () => {
        asked += 1;
        return HttpResponse.json({ case: null });
      }),
    );
    renderWithProviders(<Dialog shown={review({ type: 'google' })} />);
    await screen.findByRole('textbox', { name: 'Your response' });
    expect(asked).toBe(0);
  });
});

describe('the feedback cases on the Reviews page', () => {
  /** The list API by status, with the counts; it records each status asked. */
  function serveCases(byStatus: Partial<Record<'open' | 'waiting' | 'resolved', FeedbackCaseSummary[]>>) {
    const asked: string[] = [];
    const counts = {
      open: byStatus.open?.length ?? 0,
      waiting: byStatus.waiting?.length ?? 0,
      resolved: byStatus.resolved?.length ?? 0,
    };
    server.use(
      http.get('*/api/feedback-cases', ({ request }) => {
        const status = (new URL(request.url).searchParams.get('status') ?? 'open') as keyof typeof counts;
        asked.push(status);
        return HttpResponse.json({
          cases: byStatus[status] ?? [],
          counts,
          nextCursor: null,
        } satisfies FeedbackCaseList);
      }),
    );
    return asked;
  }

  it('when the business has no case, then the page shows no cases section', async () => {
    renderWithProviders(<ReviewsPage />, { path: '/reviews' });
    expect(await screen.findByText('No reviews yet')).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Feedback cases' })).not.toBeInTheDocument();
  });

  it('when cases exist, then each status is a toggle with its count, each asks for its own cases, and the customer’s answer is flagged', async () => {
    const asked = serveCases({
      open: [summary(1, { lastAuthor: 'customer', customerName: 'Nora Quinn' })],
      waiting: [summary(2, { status: 'waiting', customerName: 'Sam Lee', lastAuthor: 'business' })],
    });
    const { user } = renderWithProviders(<ReviewsPage />, { path: '/reviews' });
    const section = await screen.findByRole('region', { name: 'Feedback cases' });
    expect(within(section).getByRole('button', { name: 'Open (1)' })).toHaveAttribute('aria-pressed', 'true');
    expect(within(section).getByRole('button', { name: 'Resolved (0)' })).toHaveAttribute(
      'aria-pressed',
      'false',
    );
    const nora = within(section).getByRole('button', { name: /Nora Quinn/ });
    expect(within(nora).getByText('Customer answered')).toBeInTheDocument();

    await user.click(within(section).getByRole('button', { name: 'Waiting for customer (1)' }));
    expect(await within(section).findByRole('button', { name: /Sam Lee/ })).toBeInTheDocument();
    expect(asked).toContain('waiting');
    expect(within(section).queryByText('Customer answered')).not.toBeInTheDocument();
  });

  it('when a case is chosen, then its review opens in the dialog with the case', async () => {
    serveCases({ open: [summary(1, { reviewId: 41, customerName: 'Nora Quinn' })] });
    serveCase(feedbackCase());
    server.use(http.get('*/api/reviews/41', () => HttpResponse.json(review())));
    const { user, search } = renderWithProviders(<ReviewsPage />, { path: '/reviews' });
    const section = await screen.findByRole('region', { name: 'Feedback cases' });
    await user.click(within(section).getByRole('button', { name: /Nora Quinn/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Review Details' });
    expect(await within(dialog).findByRole('region', { name: 'Feedback case' })).toBeInTheDocument();
    expect(search()).toContain('review=41');
  });
});
