import { http, HttpResponse } from 'msw';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import type { ReplyResult, Review } from '@shared/reviews';

import { ResponseBadge } from '@/components/reviews/response-badge';
import { StarRating } from '@/components/reviews/star-rating';
import { findToast, renderWithProviders, screen, server, waitFor, within } from '@/testing/test-utils';
import { reviewFixture } from '@/testing/review-fixture';
import { TenantProvider } from '@/lib/tenant';

import { ReviewDetailsDialog } from '../review-details-dialog';

function buildReview(overrides: Partial<Review> = {}): Review {
  return reviewFixture({
    id: 41,
    type: 'private',
    rating: 2,
    content: 'The coffee was cold and the staff ignored us for ages',
    locationId: 3,
    locationName: 'Harbour Street',
    reviewerName: 'Tom Fletcher',
    ...overrides,
  });
}

function replyResult(overrides: Partial<ReplyResult> = {}): ReplyResult {
  return {
    ...buildReview({ responseContent: 'Thanks', respondedAt: '2026-03-06T12:00:00.000Z' }),
    published: 'none',
    notPublishedReason: null,
    ...overrides,
  };
}

function Harness(props: { review: Review | null; onResponded?: () => unknown }) {
  const [open, setOpen] = useState(true);
  return (
    <ReviewDetailsDialog
      review={props.review}
      open={open}
      onOpenChange={setOpen}
      onResponded={props.onResponded}
    />
  );
}

describe('StarRating and ResponseBadge', () => {
  it('when rendering a rating, then five stars show with that many filled and a spoken label', () => {
    const { container } = renderWithProviders(<StarRating rating={3} />);
    expect(screen.getByRole('img', { name: 'Rated 3 out of 5' })).toBeInTheDocument();
    expect(container.querySelectorAll('svg')).toHaveLength(5);
    expect(container.querySelectorAll('svg[data-filled="true"]')).toHaveLength(3);
  });

  it('when a review has a response, then the badge reads Responded in green, else Not Responded in red', () => {
    renderWithProviders(
      <>
        <ResponseBadge review={{ responseContent: 'Thanks!' }} />
        <ResponseBadge review={{ responseContent: null }} />
        <ResponseBadge review={{ responseContent: '   ' }} />
      </>,
    );
    expect(screen.getByText('Responded')).toHaveClass('bg-emerald-700');
    const not = screen.getAllByText('Not Responded');
    expect(not).toHaveLength(2);
    not.forEach((badge) => expect(badge).toHaveClass('bg-destructive'));
  });

  it('when a reply waits for its site, then the badge says where it is not yet, or why it was not published', () => {
    renderWithProviders(
      <>
        <ResponseBadge
          review={buildReview({ type: 'google', pendingReply: 'Hi', replyPublishState: 'pending' })}
        />
        <ResponseBadge
          review={buildReview({ type: 'facebook', pendingReply: 'Hi', replyPublishState: 'pending' })}
        />
        <ResponseBadge
          review={buildReview({
            type: 'google',
            pendingReply: 'Hi',
            replyPublishState: 'failed',
            replyPublishError: 'Google must be connected again',
          })}
        />
      </>,
    );
    expect(screen.getByText('Not on Google yet')).toBeInTheDocument();
    expect(screen.getByText('Not on Facebook yet')).toBeInTheDocument();
    expect(screen.getByText('Not published: Google must be connected again')).toBeInTheDocument();
    expect(screen.queryByText('Responded')).not.toBeInTheDocument();
    expect(screen.queryByText('Not Responded')).not.toBeInTheDocument();
  });
});

describe('ReviewDetailsDialog', () => {
  it('when the review is not answered, then it shows the review and the response form', () => {
    renderWithProviders(<Harness review={buildReview({ videoUrl: '/uploads/v.mp4', type: 'video' })} />);

    const dialog = screen.getByRole('dialog', { name: 'Review Details' });
    expect(within(dialog).getByText('Tom Fletcher')).toBeInTheDocument();
    expect(within(dialog).getByText('TF')).toBeInTheDocument();
    expect(within(dialog).getByRole('img', { name: 'Rated 2 out of 5' })).toBeInTheDocument();
    expect(within(dialog).getByText('Video')).toBeInTheDocument();
    expect(within(dialog).getByText('Harbour Street')).toBeInTheDocument();
    expect(within(dialog).getByText('Mar 5, 2026')).toBeInTheDocument();
    expect(within(dialog).getByRole('link', { name: 'Watch video' })).toHaveAttribute(
      'href',
      '/uploads/v.mp4',
    );
    expect(within(dialog).getByText('Not Responded')).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Submit Response' })).toBeDisabled();
  });

  it('when the review is answered, then the response is read-only with its date and the form is hidden', () => {
    renderWithProviders(
      <Harness
        review={buildReview({ responseContent: 'So sorry, Tom.', respondedAt: '2026-03-07T09:00:00.000Z' })}
      />,
    );
    expect(screen.getByText('So sorry, Tom.')).toBeInTheDocument();
    expect(screen.getByText('Responded on Mar 7, 2026')).toBeInTheDocument();
    expect(screen.getByText('Responded')).toBeInTheDocument();
    expect(screen.queryByRole('textbox')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Submit Response' })).not.toBeInTheDocument();
  });

  it('when asking for a suggestion, then it shows Generating... then fills the template and toasts', async () => {
    // No language model on this server: the rating template, as the seed specifies.
    server.use(
      http.post('*/api/reviews/:id/suggested-reply', () => HttpResponse.json({ source: 'template' })),
    );
    const review = buildReview({ rating: 5, type: 'google', content: 'Great!' });
    const { user } = renderWithProviders(<Harness review={review} />);

    await user.click(screen.getByRole('button', { name: 'Suggest response' }));

    expect(screen.getByRole('button', { name: 'Generating...' })).toBeDisabled();
    const textbox = screen.getByRole('textbox') as HTMLTextAreaElement;
    await waitFor(() => expect(textbox.value).toContain('"Great!"'));
    // The button was disabled while generating: the focus moves to the filled-in text, not the page.
    expect(textbox).toHaveFocus();
    expect(textbox.value).toMatch(/on Google/);
    expect(await findToast('Response suggestion generated')).toBeInTheDocument();
    expect(screen.getByText('Feel free to edit the suggestion before submitting.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Suggest response' })).toBeEnabled();
    // Today's templates without a model say nothing about an assistant.
    expect(screen.queryByText(/writing assistant/)).not.toBeInTheDocument();
  });

  it('when the response is only spaces, then it toasts Response required and sends nothing', async () => {
    const posted = vi.fn();
    server.use(http.post('*/api/reviews/:id/response', () => (posted(), HttpResponse.json({}))));
    const { user } = renderWithProviders(<Harness review={buildReview()} />);

    await user.type(screen.getByRole('textbox'), '   ');
    await user.click(screen.getByRole('button', { name: 'Submit Response' }));

    expect(await findToast('Response required')).toBeInTheDocument();
    expect(screen.getByText('Please enter a response')).toBeInTheDocument();
    expect(posted).not.toHaveBeenCalled();
  });

  it('when submitting, then it posts the trimmed text, toasts, shows Responded and refreshes the review screens', async () => {
    let body: unknown;
    server.use(
      http.post('*/api/reviews/41/response', async ({ request }) => {
        body = await request.json();
        return HttpResponse.json(replyResult({ responseContent: 'We are sorry' }));
      }),
    );
    const { user, queryClient } = renderWithProviders(<Harness review={buildReview()} />);
    const cached = ['/api/reviews', '/api/dashboard/stats', '/api/insights', '/api/contacts'];
    for (const path of cached) queryClient.setQueryData([path], []);

    expect(screen.getByRole('textbox')).toHaveAttribute(
      'placeholder',
      'Only you see this reply: a note for you and your team…',
    );
    await user.type(screen.getByRole('textbox'), '  We are sorry ');
    await user.click(screen.getByRole('button', { name: 'Submit Response' }));

    // Private feedback: nothing sends the reply to the customer, and the toast does not pretend it does.
    expect(await findToast('Response submitted')).toBeInTheDocument();
    expect(
      screen.getByText('Only you see this reply: private feedback is not sent to the customer.'),
    ).toBeInTheDocument();
    expect(body).toEqual({ responseContent: 'We are sorry' });
    expect(screen.getByText('Responded')).toBeInTheDocument();
    expect(screen.getByText('Responded on Mar 6, 2026')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Submit Response' })).not.toBeInTheDocument();
    // The list and the dashboard's stats refetch (seed-spec section 7), the insights too; contacts do not.
    const invalidated = cached.filter((path) => queryClient.getQueryState([path])?.isInvalidated);
    expect(invalidated).toEqual(['/api/reviews', '/api/dashboard/stats', '/api/insights']);
    await waitFor(() => expect(screen.getByRole('heading', { name: 'Your response' })).toHaveFocus());
  });

  it('when the refreshed review arrives answered before the reply call settles, then the toast still shows', async () => {
    server.use(http.post('*/api/reviews/41/response', () => HttpResponse.json(replyResult())));
    function Refreshing() {
      const [review, setReview] = useState<Review>(buildReview());
      // As a list refetch does: the open review is replaced by its answered copy at once.
      const refresh = async () => {
        setReview(buildReview({ responseContent: 'Thanks', respondedAt: '2026-03-06T12:00:00.000Z' }));
        await new Promise((resolve) => setTimeout(resolve, 50));
      };
      return <ReviewDetailsDialog review={review} open onOpenChange={() => {}} onResponded={refresh} />;
    }
    const { user } = renderWithProviders(<Refreshing />);

    await user.type(screen.getByRole('textbox'), 'Thanks');
    await user.click(screen.getByRole('button', { name: 'Submit Response' }));

    expect(await findToast('Response submitted')).toBeInTheDocument();
  });

  it('when a refresh action is supplied, then it runs instead of the refetches', async () => {
    server.use(http.post('*/api/reviews/41/response', () => HttpResponse.json(buildReview())));
    const onResponded = vi.fn();
    const { user, queryClient } = renderWithProviders(
      <Harness review={buildReview()} onResponded={onResponded} />,
    );
    const invalidate = vi.spyOn(queryClient, 'invalidateQueries');

    await user.type(screen.getByRole('textbox'), 'Thanks');
    await user.click(screen.getByRole('button', { name: 'Submit Response' }));

    await findToast('Response submitted');
    expect(onResponded).toHaveBeenCalledTimes(1);
    expect(invalidate).not.toHaveBeenCalled();
  });

  it('when a Google review is answered, then one call is made and the dialog says it was posted on Google', async () => {
    const calls: string[] = [];
    server.use(
      http.post('*/api/integrations/google/reply/41', () => (calls.push('google'), HttpResponse.json({}))),
      http.post('*/api/reviews/41/response', () => {
        calls.push('response');
        return HttpResponse.json(
          replyResult({ type: 'google', published: 'google', responsePublishedTo: 'google' }),
        );
      }),
    );
    const review = buildReview({ type: 'google', sourceUrl: 'https://maps.google.com/r/1' });
    const { user } = renderWithProviders(<Harness review={review} />);

    expect(screen.getByRole('textbox')).toHaveAttribute(
      'placeholder',
      'Write a reply your customer will read…',
    );
    await user.type(screen.getByRole('textbox'), 'Thanks');
    await user.click(screen.getByRole('button', { name: 'Submit Response' }));

    expect(await findToast('Response submitted')).toBeInTheDocument();
    expect(screen.getByText('Your response has been submitted successfully.')).toBeInTheDocument();
    expect(calls).toEqual(['response']);
    expect(within(screen.getByRole('dialog')).getByRole('status')).toHaveTextContent('Posted on Google');
  });

  it('when Google could not take the reply, then it says it was saved in ReviewFlow only, and why', async () => {
    server.use(
      http.post('*/api/reviews/41/response', () =>
        HttpResponse.json(replyResult({ type: 'google', notPublishedReason: 'Google is not connected' })),
      ),
    );
    const { user } = renderWithProviders(<Harness review={buildReview({ type: 'google' })} />);

    await user.type(screen.getByRole('textbox'), 'Thanks');
    await user.click(screen.getByRole('button', { name: 'Submit Response' }));

    expect(await findToast('Response saved')).toBeInTheDocument();
    expect(screen.queryByText('Response submitted')).not.toBeInTheDocument();
    expect(within(screen.getByRole('dialog')).getByRole('status')).toHaveTextContent(
      'Saved in ReviewFlow only: Google is not connected',
    );
  });

  it('when Google refuses the reply, then the toast says it is not on Google yet and will be retried, and the dialog shows it waiting', async () => {
    const reason = 'Google did not answer: Backend Error';
    const waiting = buildReview({
      type: 'google',
      pendingReply: 'Thanks',
      replyPublishState: 'pending',
      replyPublishError: reason,
    });
    server.use(
      http.post('*/api/reviews/41/response', () =>
        HttpResponse.json({ ...waiting, published: 'none', notPublishedReason: reason }),
      ),
    );
    const { user } = renderWithProviders(<Harness review={buildReview({ type: 'google' })} />);

    await user.type(screen.getByRole('textbox'), 'Thanks');
    await user.click(screen.getByRole('button', { name: 'Submit Response' }));

    expect(await findToast('Reply not on Google yet')).toBeInTheDocument();
    expect(
      screen.getByText(`Google did not take it (${reason}). We'll keep trying and tell you if it fails.`),
    ).toBeInTheDocument();
    expect(screen.queryByText('Response submitted')).not.toBeInTheDocument();
    const dialog = screen.getByRole('dialog');
    expect(within(dialog).getByText('Not on Google yet')).toBeInTheDocument();
    expect(within(dialog).getByRole('heading', { name: 'Reply not on Google yet' })).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Try again now' })).toBeEnabled();
    expect(within(dialog).getByRole('button', { name: 'Edit reply' })).toBeEnabled();
    expect(within(dialog).getByRole('button', { name: 'Discard' })).toBeEnabled();
    expect(within(dialog).queryByRole('button', { name: 'Submit Response' })).not.toBeInTheDocument();
  });

  it('when a failed reply is tried again and Google takes it, then it is posted and the waiting reply is gone', async () => {
    const calls: string[] = [];
    server.use(
      http.post('*/api/reviews/41/response/retry', () => {
        calls.push('retry');
        return HttpResponse.json(
          replyResult({ type: 'google', published: 'google', responsePublishedTo: 'google' }),
        );
      }),
    );
    const failed = buildReview({
      type: 'google',
      pendingReply: 'Thanks',
      replyPublishState: 'failed',
      replyPublishError: 'Google must be connected again',
    });
    const { user } = renderWithProviders(<Harness review={failed} />);
    expect(
      screen.getByText('Not published on Google: Google must be connected again. We stopped trying.'),
    ).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Try again now' }));

    expect(await findToast('Reply published')).toBeInTheDocument();
    expect(screen.getByText('Posted on Google.')).toBeInTheDocument();
    expect(calls).toEqual(['retry']);
    const dialog = screen.getByRole('dialog');
    expect(within(dialog).getByText('Responded')).toBeInTheDocument();
    expect(within(dialog).queryByRole('button', { name: 'Try again now' })).not.toBeInTheDocument();
  });

  it('when a waiting reply is discarded after confirming, then the form comes back and the toast says it never reached Google', async () => {
    server.use(
      http.delete('*/api/reviews/41/response', () =>
        HttpResponse.json(replyResult({ type: 'google', responseContent: null, respondedAt: null })),
      ),
    );
    const waiting = buildReview({
      type: 'google',
      pendingReply: 'Thanks',
      replyPublishState: 'pending',
      replyPublishError: 'Google did not answer',
    });
    const { user } = renderWithProviders(<Harness review={waiting} />);

    await user.click(screen.getByRole('button', { name: 'Discard' }));
    await user.click(screen.getByRole('button', { name: 'Discard reply' }));

    expect(await findToast('Reply discarded')).toBeInTheDocument();
    expect(screen.getByText('It never reached Google.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Submit Response' })).toBeInTheDocument();
  });

  it('when a private review is answered, then it says the reply stays in ReviewFlow', async () => {
    server.use(http.post('*/api/reviews/41/response', () => HttpResponse.json(replyResult())));
    const { user } = renderWithProviders(<Harness review={buildReview()} />);

    await user.type(screen.getByRole('textbox'), 'Thanks');
    await user.click(screen.getByRole('button', { name: 'Submit Response' }));

    await findToast('Response submitted');
    expect(within(screen.getByRole('dialog')).getByRole('status')).toHaveTextContent(
      'Saved in ReviewFlow: private feedback and its reply are only visible to you',
    );
  });

  it('when a reply is edited, then the new text is sent with PUT and shown', async () => {
    let body: unknown;
    server.use(
      http.put('*/api/reviews/41/response', async ({ request }) => {
        body = await request.json();
        return HttpResponse.json(
          replyResult({
            type: 'google',
            responseContent: 'Better words',
            published: 'google',
            responsePublishedTo: 'google',
          }),
        );
      }),
    );
    const review = buildReview({
      type: 'google',
      responseContent: 'First words',
      respondedAt: '2026-03-06T12:00:00.000Z',
      responsePublishedTo: 'google',
    });
    const { user } = renderWithProviders(<Harness review={review} />);

    await user.click(screen.getByRole('button', { name: 'Edit reply' }));
    const field = screen.getByRole('textbox');
    expect(field).toHaveValue('First words');
    expect(field).toHaveFocus();
    await user.clear(field);
    await user.type(field, 'Better words');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));

    expect(await findToast('Response updated')).toBeInTheDocument();
    expect(body).toEqual({ responseContent: 'Better words' });
    expect(screen.getByText('Better words')).toBeInTheDocument();
  });

  it('when a reply is deleted after confirming, then the form comes back; keeping it changes nothing', async () => {
    const deleted = vi.fn();
    server.use(
      http.delete('*/api/reviews/41/response', () => {
        deleted();
        return HttpResponse.json(
          replyResult({ type: 'google', responseContent: null, respondedAt: null, published: 'google' }),
        );
      }),
    );
    const review = buildReview({
      type: 'google',
      responseContent: 'Oops',
      respondedAt: '2026-03-06T12:00:00.000Z',
      responsePublishedTo: 'google',
    });
    const { user } = renderWithProviders(<Harness review={review} />);

    await user.click(screen.getByRole('button', { name: 'Delete reply' }));
    expect(screen.getByText('Delete this reply here and on Google?')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Keep it' }));
    expect(deleted).not.toHaveBeenCalled();
    await user.click(screen.getByRole('button', { name: 'Delete reply' }));
    const confirm = screen.getByRole('group', { name: 'Confirm deletion' });
    await user.click(within(confirm).getByRole('button', { name: 'Delete reply' }));

    expect(await findToast('Response deleted')).toBeInTheDocument();
    expect(screen.getByText('The reply was deleted here and on Google.')).toBeInTheDocument();
    expect(deleted).toHaveBeenCalledTimes(1);
    expect(screen.getByRole('button', { name: 'Submit Response' })).toBeInTheDocument();
  });

  it('when the server refuses, then it toasts Error with its message and keeps the form', async () => {
    server.use(
      http.post('*/api/reviews/41/response', () =>
        HttpResponse.json({ message: 'This review has already been answered' }, { status: 409 }),
      ),
    );
    const { user } = renderWithProviders(<Harness review={buildReview()} />);

    await user.type(screen.getByRole('textbox'), 'Thanks');
    await user.click(screen.getByRole('button', { name: 'Submit Response' }));

    expect(await findToast('Error')).toBeInTheDocument();
    expect(screen.getByText('This review has already been answered')).toBeInTheDocument();
    expect(screen.getByRole('textbox')).toHaveValue('Thanks');
  });

  it('when the request fails without a message, then it toasts the fallback text', async () => {
    server.use(http.post('*/api/reviews/41/response', () => HttpResponse.error()));
    const { user } = renderWithProviders(<Harness review={buildReview()} />);

    await user.type(screen.getByRole('textbox'), 'Thanks');
    await user.click(screen.getByRole('button', { name: 'Submit Response' }));

    expect(await findToast('Error')).toBeInTheDocument();
    expect(
      screen.getByText(/Failed to fetch|Failed to submit response\. Please try again\./),
    ).toBeInTheDocument();
  });

  it('when a submission is pending, then Submit Response is disabled', async () => {
    let release!: () => void;
    server.use(
      http.post('*/api/reviews/41/response', async () => {
        await new Promise<void>((resolve) => (release = resolve));
        return HttpResponse.json(buildReview({ responseContent: 'Thanks' }));
      }),
    );
    const { user } = renderWithProviders(<Harness review={buildReview()} />);

    await user.type(screen.getByRole('textbox'), 'Thanks');
    await user.click(screen.getByRole('button', { name: 'Submit Response' }));

    expect(await screen.findByRole('button', { name: 'Submitting...' })).toBeDisabled();
    release();
    await findToast('Response submitted');
  });

  it('when no review is selected, then submitting raises an error shown as a toast', async () => {
    const { user } = renderWithProviders(<Harness review={null} />);

    await user.type(screen.getByRole('textbox'), 'Thanks');
    await user.click(screen.getByRole('button', { name: 'Submit Response' }));

    expect(await findToast('Error')).toBeInTheDocument();
    expect(screen.getByText('Cannot submit a response: no review is selected')).toBeInTheDocument();
  });

  it("when an admin is inside a client's area, then the reply goes to the mirrored API", async () => {
    let hit = '';
    server.use(
      http.post('*/api/admin/clients/7/reviews/41/response', ({ request }) => {
        hit = new URL(request.url).pathname;
        return HttpResponse.json(buildReview({ responseContent: 'Thanks' }));
      }),
    );
    const { user } = renderWithProviders(
      <TenantProvider clientId={7}>
        <Harness review={buildReview()} />
      </TenantProvider>,
    );

    await user.type(screen.getByRole('textbox'), 'Thanks');
    await user.click(screen.getByRole('button', { name: 'Submit Response' }));

    await findToast('Response submitted');
    expect(hit).toBe('/api/admin/clients/7/reviews/41/response');
  });
});

describe('ReviewDetailsDialog with a reply not sent', () => {
  /** The dialog as a page opens it: from a button, which gets the focus back when it closes. */
  function OpenedFromButton({ review }: { review: Review }) {
    const [open, setOpen] = useState(false);
    return (
      <>
        <button type="button" onClick={() => setOpen(true)}>
          View review
        </button>
        <ReviewDetailsDialog review={review} open={open} onOpenChange={setOpen} />
      </>
    );
  }

  async function openWithDraft(draft: string, review = buildReview()) {
    const rendered = renderWithProviders(<OpenedFromButton review={review} />);
    const opener = screen.getByRole('button', { name: 'View review' });
    await rendered.user.click(opener);
    const dialog = await screen.findByRole('dialog', { name: 'Review Details' });
    if (draft) await rendered.user.type(within(dialog).getByRole('textbox'), draft);
    return { ...rendered, opener, dialog };
  }

  const discardQuestion = () => screen.queryByRole('alertdialog', { name: 'Discard this reply?' });

  it('when Escape is pressed over a draft, then it asks first; keeping it leaves the words and the focus in the box', async () => {
    const { user, dialog } = await openWithDraft('We are so sorry');
    const field = within(dialog).getByRole('textbox');

    await user.keyboard('{Escape}');

    const question = await screen.findByRole('alertdialog', { name: 'Discard this reply?' });
    expect(dialog).toBeInTheDocument();
    await waitFor(() => expect(within(question).getByRole('button', { name: 'Keep writing' })).toHaveFocus());

    await user.keyboard('{Enter}');

    await waitFor(() => expect(discardQuestion()).not.toBeInTheDocument());
    expect(screen.getByRole('dialog', { name: 'Review Details' })).toBe(dialog);
    expect(field).toHaveValue('We are so sorry');
    await waitFor(() => expect(field).toHaveFocus());
    await user.type(field, ', Tom.');
    expect(field).toHaveValue('We are so sorry, Tom.');
  });

  it('when Escape is pressed again over the question, then it is the same as keeping the draft', async () => {
    const { user, dialog } = await openWithDraft('We are so sorry');

    await user.keyboard('{Escape}');
    await screen.findByRole('alertdialog', { name: 'Discard this reply?' });
    await user.keyboard('{Escape}');

    await waitFor(() => expect(discardQuestion()).not.toBeInTheDocument());
    expect(screen.getByRole('dialog', { name: 'Review Details' })).toBe(dialog);
    expect(within(dialog).getByRole('textbox')).toHaveValue('We are so sorry');
  });

  it('when the close button is pressed over a draft and it is discarded, then the dialog closes, focus on its opener', async () => {
    const { user, dialog, opener } = await openWithDraft('We are so sorry');

    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    const question = await screen.findByRole('alertdialog', { name: 'Discard this reply?' });
    expect(question).toHaveAccessibleDescription(
      'It has not been sent. If you close now, what you wrote is lost.',
    );
    await user.click(within(question).getByRole('button', { name: 'Discard reply' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(discardQuestion()).not.toBeInTheDocument();
    await waitFor(() => expect(opener).toHaveFocus());
    // Opened again, the box is empty: the draft went with the dialog.
    await user.click(opener);
    expect(within(await screen.findByRole('dialog')).getByRole('textbox')).toHaveValue('');
  });

  it('when the page behind is clicked over a draft, then it asks instead of closing', async () => {
    const { user } = await openWithDraft('We are so sorry');

    await user.click(document.querySelector<HTMLElement>('[data-slot="dialog-overlay"]')!);

    expect(await screen.findByRole('alertdialog', { name: 'Discard this reply?' })).toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: 'Review Details' })).toBeInTheDocument();
  });

  it('when the box is empty or only spaces, then Escape closes at once', async () => {
    const { user, opener } = await openWithDraft('');
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await waitFor(() => expect(opener).toHaveFocus());

    await user.click(opener);
    await user.type(within(await screen.findByRole('dialog')).getByRole('textbox'), '   ');
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(discardQuestion()).not.toBeInTheDocument();
  });

  it('when the reply was sent, then closing asks nothing', async () => {
    server.use(
      http.post('*/api/reviews/41/response', () =>
        HttpResponse.json(replyResult({ responseContent: 'We are so sorry' })),
      ),
    );
    const { user, dialog } = await openWithDraft('We are so sorry');

    await user.click(within(dialog).getByRole('button', { name: 'Submit Response' }));
    await findToast('Response submitted');
    await user.keyboard('{Escape}');

    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(discardQuestion()).not.toBeInTheDocument();
  });

  it('when a reply being edited is unchanged, then closing asks nothing; once changed, it asks', async () => {
    const answered = buildReview({ responseContent: 'First words', respondedAt: '2026-03-06T12:00:00.000Z' });
    const { user, dialog, opener } = await openWithDraft('', answered);

    await user.click(within(dialog).getByRole('button', { name: 'Edit reply' }));
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    await user.click(opener);
    const reopened = await screen.findByRole('dialog', { name: 'Review Details' });
    await user.click(within(reopened).getByRole('button', { name: 'Edit reply' }));
    await user.type(within(reopened).getByRole('textbox'), ' and more');
    await user.keyboard('{Escape}');

    expect(await screen.findByRole('alertdialog', { name: 'Discard this reply?' })).toBeInTheDocument();
  });
});

describe('What changed on the review’s site (issue 47, item 2)', () => {
  it('when the customer changed the rating after the reply and the review left Google, then the dialog says both', async () => {
    renderWithProviders(
      <Harness
        review={buildReview({
          type: 'google',
          rating: 4,
          ratingAtReply: 1,
          responseContent: 'So sorry.',
          respondedAt: '2026-03-06T10:00:00.000Z',
          removedFromSiteAt: '2026-03-09T10:00:00.000Z',
        })}
      />,
    );

    expect(await screen.findByText('1★ → 4★ after your reply')).toBeInTheDocument();
    expect(screen.getByText(/^Removed from Google on /)).toBeInTheDocument();
  });

  it('when the rating is the one the reply answered, then nothing is said', async () => {
    renderWithProviders(
      <Harness review={buildReview({ rating: 2, ratingAtReply: 2, responseContent: 'Thanks.' })} />,
    );

    await screen.findByRole('dialog', { name: 'Review Details' });
    expect(screen.queryByText(/after your reply/)).not.toBeInTheDocument();
    expect(screen.queryByText(/^Removed from/)).not.toBeInTheDocument();
  });
});
