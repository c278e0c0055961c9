import { http, HttpResponse } from 'msw';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import type { ReplyResult, Review } from '@shared/reviews';
import type { FeedbackCase, FeedbackDelivery } from '@shared/feedback-cases';

import {
  deliveryFixture as delivery,
  feedbackCaseFixture as feedbackCase,
  feedbackMessageFixture as message,
} from '@/testing/feedback-case-fixture';
import { reviewFixture } from '@/testing/review-fixture';
import { findToast, renderWithProviders, screen, server, waitFor, within } from '@/testing/test-utils';

import { ReviewDetailsDialog } from '../review-details-dialog';

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

const answered = () => review({ responseContent: 'Sorry', respondedAt: '2026-03-05T12:00:00.000Z' });

/**
 * The review's case as the server answers it: `shown`, then `answer` once a POST came (each recorded); a
 * `refusal` answers the POST with a 409 instead, the case then reading as `answer`.
 */
function serveCase(shown: FeedbackCase, answer?: FeedbackCase, refusal?: string) {
  const posted: { url: string; body: unknown }[] = [];
  let current = shown;
  server.use(
    http.get('*/api/reviews/41/feedback-case', () => HttpResponse.json({ case: current })),
    http.post('*/api/feedback-cases/5/:action', async ({ request }) => {
      posted.push({ url: new URL(request.url).pathname, body: await request.json().catch(() => null) });
      current = answer ?? shown;
      return refusal
        ? HttpResponse.json({ message: refusal }, { status: 409 })
        : HttpResponse.json(current, { status: 201 });
    }),
  );
  return posted;
}

function Dialog({ shown, onResponded }: { shown: Review; onResponded?: () => unknown }) {
  const [open, setOpen] = useState(true);
  return <ReviewDetailsDialog review={shown} open={open} onOpenChange={setOpen} onResponded={onResponded} />;
}

/** The toast's whole text, found by its title. */
async function toastText(title: string) {
  return (await findToast(title)).closest('li')?.textContent;
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

  // Without a refresh of its own the dialog refetches every review query; with one (a caller's), it must still
  // read the case again itself.
  it.each([
    ['the dialog refreshes the reviews', undefined],
    ['the caller refreshes instead', () => {}],
  ])(
    'when the first reply is sent (%s), then the case is read again and the conversation shows it as sent',
    async (_, onResponded) => {
      let sent = false;
      server.use(
        http.get('*/api/reviews/41/feedback-case', () =>
          HttpResponse.json({
            case: sent
              ? feedbackCase({ status: 'waiting', messages: [message(1, { body: 'So sorry, Nora' })] })
              : feedbackCase(),
          }),
        ),
        http.post('*/api/reviews/41/response', () => {
          sent = true;
          return HttpResponse.json({
            ...review({ responseContent: 'So sorry, Nora', respondedAt: '2026-03-05T12:00:00.000Z' }),
            published: 'none',
            notPublishedReason: null,
          } satisfies ReplyResult);
        }),
      );
      const { user } = renderWithProviders(<Dialog shown={review()} onResponded={onResponded} />);
      await screen.findByText('Your reply will be sent to Nora Quinn by email.');
      await user.type(screen.getByRole('textbox', { name: 'Your response' }), 'So sorry, Nora');
      await user.click(screen.getByRole('button', { name: 'Submit Response' }));

      expect(await toastText('Response submitted')).toContain('On its way to Nora Quinn by email');
      const conversation = await screen.findByRole('list', { name: 'Conversation' });
      expect(within(conversation).getByRole('listitem')).toHaveTextContent(
        /^You.*So sorry, NoraSent by email$/,
      );
      const section = screen.getByRole('region', { name: 'Feedback case' });
      expect(within(section).getByText('Waiting for customer')).toBeInTheDocument();
    },
  );

  it('when the reply is edited, then the dialog says the change is not sent to the customer', async () => {
    serveCase(feedbackCase({ status: 'waiting', messages: [message(1)] }));
    const { user } = renderWithProviders(<Dialog shown={answered()} />);
    await user.click(await screen.findByRole('button', { name: 'Edit reply' }));
    expect(
      screen.getByText(
        'Changing your reply here does not send it again: write a message in the feedback case instead.',
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
          message(3, { delivery: delivery({ status: 'outbox' }) }),
          message(4, {
            delivery: delivery({ status: 'queued', channel: null, sendAt: '2026-03-06T08:00:00.000Z' }),
          }),
          message(5, {
            delivery: delivery({
              status: 'not_sent',
              channel: null,
              reason: 'The customer opted out of SMS.',
            }),
          }),
          message(6, { delivery: delivery({ channel: 'sms' }) }),
          message(7, {
            delivery: delivery({ status: 'failed', channel: 'sms', reason: 'The number is not a mobile.' }),
          }),
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
      expect.stringMatching(/^You.*Kept in the outbox: sending is not set up$/),
      expect.stringMatching(/^You.*Scheduled for .* \(the customer’s quiet hours\)$/),
      expect.stringMatching(/^You.*Not sent: The customer opted out of SMS\.$/),
      expect.stringMatching(/^You.*Sent by SMS$/),
      expect.stringMatching(/^You.*Failed: The number is not a mobile\.$/),
    ]);
    expect(screen.getByText('Your first message in the feedback case below.')).toBeInTheDocument();
  });

  it.each<[string, FeedbackDelivery, string, string]>([
    ['sent', delivery(), 'Message sent to the customer', 'Sent by email'],
    [
      'kept in the outbox',
      delivery({ status: 'outbox' }),
      'Message kept in the outbox: sending is not set up',
      'Kept in the outbox: sending is not set up',
    ],
    [
      'held for quiet hours',
      delivery({ status: 'queued', channel: null, sendAt: '2026-03-06T08:00:00.000Z' }),
      'Message scheduled after the customer’s quiet hours',
      'Scheduled for',
    ],
    [
      'not sent',
      delivery({ status: 'not_sent', channel: null, reason: 'The customer opted out of email and SMS.' }),
      'Message not sent',
      'Not sent: The customer opted out of email and SMS.',
    ],
    [
      'failed',
      delivery({ status: 'failed', reason: 'The mail server refused the address.' }),
      'Message not sent',
      'Failed: The mail server refused the address.',
    ],
  ])(
    'when the owner sends a message and it is %s, then its words are posted and the toast says so',
    async (_, outcome, title, said) => {
      const after = feedbackCase({
        status: 'waiting',
        messages: [message(1), message(2, { body: 'May we call you?', delivery: outcome })],
      });
      const posted = serveCase(feedbackCase({ status: 'waiting', messages: [message(1)] }), after);
      const { user } = renderWithProviders(<Dialog shown={answered()} />);
      await user.type(
        await screen.findByRole('textbox', { name: 'Message to Nora Quinn' }),
        '  May we call you? ',
      );
      await user.click(screen.getByRole('button', { name: 'Send message' }));

      await waitFor(() => expect(posted).toHaveLength(1));
      expect(posted[0]).toEqual({
        url: '/api/feedback-cases/5/messages',
        body: { body: 'May we call you?' },
      });
      expect(await findToast(title)).toBeInTheDocument();
      if (outcome.reason) expect(await toastText(title)).toContain(said);
      // The conversation is the server's answer: the new message last, with what happened to it.
      const items = within(screen.getByRole('list', { name: 'Conversation' })).getAllByRole('listitem');
      expect(items.at(-1)).toHaveTextContent(`May we call you?${said}`);
      expect(screen.getByRole('textbox', { name: 'Message to Nora Quinn' })).toHaveValue('');
    },
  );

  it('when the message is empty, then nothing is posted and the box says why', async () => {
    const posted = serveCase(feedbackCase({ status: 'waiting', messages: [message(1)] }));
    const { user } = renderWithProviders(<Dialog shown={answered()} />);
    await user.click(await screen.findByRole('button', { name: 'Send message' }));
    expect(await screen.findByText('Please enter a message')).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Message to Nora Quinn' })).toHaveAttribute(
      'aria-invalid',
      'true',
    );
    expect(posted).toEqual([]);
  });

  it('when the server refuses a message because the customer resolved the case meanwhile, then the toast says why and the case reads as resolved', async () => {
    const resolvedMeanwhile = feedbackCase({
      status: 'resolved',
      resolvedBy: 'customer',
      resolvedAt: '2026-03-07T09:00:00.000Z',
      messages: [message(1)],
    });
    serveCase(
      feedbackCase({ status: 'waiting', messages: [message(1)] }),
      resolvedMeanwhile,
      'This case is already resolved.',
    );
    const { user } = renderWithProviders(<Dialog shown={answered()} />);
    await user.type(await screen.findByRole('textbox', { name: 'Message to Nora Quinn' }), 'Hello again');
    await user.click(screen.getByRole('button', { name: 'Send message' }));

    expect(await toastText('Error')).toContain('This case is already resolved.');
    expect(await screen.findByText(/Resolved by the customer on/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Send message' })).toBeDisabled();
  });

  it('when the customer can no longer be reached, then the message box is closed and says why', async () => {
    serveCase(
      feedbackCase({
        status: 'open',
        channel: null,
        unreachableReason: 'The customer opted out of email and SMS.',
        messages: [message(1)],
      }),
    );
    renderWithProviders(<Dialog shown={answered()} />);
    const box = await screen.findByRole('textbox', { name: 'Message to Nora Quinn' });
    expect(box).toBeDisabled();
    expect(box).toHaveAccessibleDescription(
      'Nora Quinn cannot be reached: The customer opted out of email and SMS.',
    );
    expect(screen.getByRole('button', { name: 'Send message' })).toBeDisabled();
  });

  it('when the owner marks the case resolved, then it is posted, toasted, and the case says they resolved it', async () => {
    const posted = serveCase(
      feedbackCase({ status: 'waiting', messages: [message(1)] }),
      feedbackCase({
        status: 'resolved',
        resolvedBy: 'business',
        resolvedAt: '2026-03-07T09:00:00.000Z',
        messages: [message(1)],
      }),
    );
    const { user } = renderWithProviders(<Dialog shown={answered()} />);
    await user.click(await screen.findByRole('button', { name: 'Mark resolved' }));

    await waitFor(() => expect(posted.map((p) => p.url)).toEqual(['/api/feedback-cases/5/resolve']));
    expect(await findToast('Case resolved')).toBeInTheDocument();
    expect(await screen.findByText(/Resolved by you on/)).toBeInTheDocument();
    const section = screen.getByRole('region', { name: 'Feedback case' });
    expect(within(section).getByText('Resolved')).toBeInTheDocument();
    expect(within(section).getByRole('button', { name: 'Reopen' })).toBeInTheDocument();
  });

  it('when the case is resolved, then the message box is closed, who resolved it shows, and Reopen reopens it', async () => {
    const resolved = feedbackCase({
      status: 'resolved',
      resolvedBy: 'customer',
      resolvedAt: '2026-03-07T09:00:00.000Z',
      messages: [message(1)],
    });
    const posted = serveCase(resolved, feedbackCase({ status: 'open', messages: [message(1)] }));
    const { user } = renderWithProviders(<Dialog shown={answered()} />);
    expect(await screen.findByText(/Resolved by the customer on/)).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Message to Nora Quinn' })).toBeDisabled();
    expect(screen.getByText('Reopen the case to write to the customer again.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Send message' })).toBeDisabled();
    expect(screen.queryByRole('button', { name: 'Mark resolved' })).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Reopen' }));
    await waitFor(() => expect(posted.map((p) => p.url)).toEqual(['/api/feedback-cases/5/reopen']));
    expect(await findToast('Case reopened')).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: 'Mark resolved' })).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Message to Nora Quinn' })).toBeEnabled();
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
