import { http, HttpResponse } from 'msw';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import type { Review } from '@shared/schemas/reviews';

import { findToast, renderWithProviders, screen, server, waitFor, within } from '@/testing/test-utils';
import { TenantProvider } from '@/lib/tenant';

import { ResponseBadge, ReviewDetailsDialog, StarRating } from '../review-details-dialog';

function buildReview(overrides: Partial<Review> = {}): Review {
  return {
    id: 41,
    type: 'private',
    rating: 2,
    content: 'The coffee was cold and the staff ignored us for ages',
    videoUrl: null,
    contactId: null,
    locationId: 3,
    locationName: 'Harbour Street',
    reviewRequestId: null,
    reviewerName: 'Tom Fletcher',
    sourceUrl: null,
    createdAt: '2026-03-05T10:00:00.000Z',
    responseContent: null,
    respondedAt: null,
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
    expect(screen.getByText('Responded')).toHaveClass('bg-emerald-600');
    const not = screen.getAllByText('Not Responded');
    expect(not).toHaveLength(2);
    not.forEach((badge) => expect(badge).toHaveClass('bg-destructive'));
  });
});

describe('ReviewDetailsDialog', { timeout: 20_000 }, () => {
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
    const review = buildReview({ rating: 5, type: 'google', content: 'Great!' });
    const { user } = renderWithProviders(<Harness review={review} />);

    await user.click(screen.getByRole('button', { name: 'Suggest response' }));

    expect(screen.getByRole('button', { name: 'Generating...' })).toBeDisabled();
    const textbox = screen.getByRole('textbox') as HTMLTextAreaElement;
    await waitFor(() => expect(textbox.value).toContain('"Great!"'), { timeout: 3000 });
    expect(textbox.value).toMatch(/on Google/);
    expect(await findToast('Response suggestion generated')).toBeInTheDocument();
    expect(screen.getByText('Feel free to edit the suggestion before submitting.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Suggest response' })).toBeEnabled();
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

  it('when submitting, then it posts the trimmed text, toasts, shows Responded and refreshes reviews and stats', async () => {
    let body: unknown;
    server.use(
      http.post('*/api/reviews/41/response', async ({ request }) => {
        body = await request.json();
        return HttpResponse.json(
          buildReview({ responseContent: 'We are sorry', respondedAt: '2026-03-06T12:00:00.000Z' }),
        );
      }),
    );
    const { user, queryClient } = renderWithProviders(<Harness review={buildReview()} />);
    const invalidate = vi.spyOn(queryClient, 'invalidateQueries');

    await user.type(screen.getByRole('textbox'), '  We are sorry ');
    await user.click(screen.getByRole('button', { name: 'Submit Response' }));

    expect(await findToast('Response submitted')).toBeInTheDocument();
    expect(screen.getByText('Your response has been submitted successfully.')).toBeInTheDocument();
    expect(body).toEqual({ responseContent: 'We are sorry' });
    expect(screen.getByText('Responded')).toBeInTheDocument();
    expect(screen.getByText('Responded on Mar 6, 2026')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Submit Response' })).not.toBeInTheDocument();
    expect(invalidate).toHaveBeenCalledWith({ queryKey: ['/api/reviews'] });
    expect(invalidate).toHaveBeenCalledWith({ queryKey: ['/api/dashboard/stats'] });
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

  it('when a Google review with a source URL is answered, then the Google reply is tried first', async () => {
    const calls: string[] = [];
    server.use(
      http.post('*/api/integrations/google/reply/41', async ({ request }) => {
        calls.push(`google ${JSON.stringify(await request.json())}`);
        return HttpResponse.json({ responseContent: 'Thanks', respondedAt: '2026-03-06T12:00:00.000Z' });
      }),
      http.post('*/api/reviews/41/response', () => {
        calls.push('standard');
        return HttpResponse.json({});
      }),
    );
    const review = buildReview({ type: 'google', sourceUrl: 'https://maps.google.com/r/1' });
    const { user } = renderWithProviders(<Harness review={review} />);

    await user.type(screen.getByRole('textbox'), 'Thanks');
    await user.click(screen.getByRole('button', { name: 'Submit Response' }));

    await findToast('Response submitted');
    expect(calls).toEqual(['google {"reply":"Thanks"}']);
  });

  it('when the Google reply fails, then the standard response call is used', async () => {
    const calls: string[] = [];
    server.use(
      http.post('*/api/integrations/google/reply/41', () => {
        calls.push('google');
        return HttpResponse.json({ message: 'Google is not connected' }, { status: 400 });
      }),
      http.post('*/api/reviews/41/response', async ({ request }) => {
        calls.push(`standard ${JSON.stringify(await request.json())}`);
        return HttpResponse.json(
          buildReview({ responseContent: 'Thanks', respondedAt: '2026-03-06T12:00:00.000Z' }),
        );
      }),
    );
    const review = buildReview({ type: 'google', sourceUrl: 'https://maps.google.com/r/1' });
    const { user } = renderWithProviders(<Harness review={review} />);

    await user.type(screen.getByRole('textbox'), 'Thanks');
    await user.click(screen.getByRole('button', { name: 'Submit Response' }));

    await findToast('Response submitted');
    expect(calls).toEqual(['google', 'standard {"responseContent":"Thanks"}']);
  });

  it('when a Google review has no source URL, then only the standard call is made', async () => {
    const calls: string[] = [];
    server.use(
      http.post('*/api/integrations/google/reply/41', () => (calls.push('google'), HttpResponse.json({}))),
      http.post(
        '*/api/reviews/41/response',
        () => (calls.push('standard'), HttpResponse.json(buildReview())),
      ),
    );
    const { user } = renderWithProviders(<Harness review={buildReview({ type: 'google' })} />);

    await user.type(screen.getByRole('textbox'), 'Thanks');
    await user.click(screen.getByRole('button', { name: 'Submit Response' }));

    await findToast('Response submitted');
    expect(calls).toEqual(['standard']);
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
