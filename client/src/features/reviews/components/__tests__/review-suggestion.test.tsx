import { http, HttpResponse } from 'msw';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import type { Review } from '@shared/reviews';

import { TenantProvider } from '@/lib/tenant';
import { findToast, renderWithProviders, screen, server, waitFor, within } from '@/testing/test-utils';
import { reviewFixture } from '@/testing/review-fixture';

import { SUGGESTION_NOTES } from '@/features/reviews/api/suggest-reply';
import { ALERT_DRAFT_NOTES, ReviewDetailsDialog } from '../review-details-dialog';
import { suggestResponse } from '@shared/suggest-response';

const review: Review = reviewFixture({
  id: 41,
  type: 'private',
  rating: 2,
  content: 'La pasta era fredda e il servizio lento',
  locationId: 3,
  locationName: 'Harbour Street',
  reviewerName: 'Giulia Rossi',
});

function Harness() {
  const [open, setOpen] = useState(true);
  return <ReviewDetailsDialog review={review} open={open} onOpenChange={setOpen} />;
}

const encoder = new TextEncoder();
const event = (type: string, data: Record<string, unknown> = {}) =>
  encoder.encode(`event: ${type}\ndata: ${JSON.stringify(data)}\n\n`);

/** The server's answer as a stream the test writes to, one event at a time; `urls` records the calls. */
function streamingServer() {
  let controller!: ReadableStreamDefaultController<Uint8Array>;
  const urls: string[] = [];
  const body = new ReadableStream<Uint8Array>({ start: (c) => void (controller = c) });
  server.use(
    http.post('*/reviews/:id/suggested-reply', ({ request }) => {
      urls.push(new URL(request.url).pathname);
      return new HttpResponse(body, { headers: { 'Content-Type': 'text/event-stream; charset=utf-8' } });
    }),
  );
  return {
    urls,
    send: (type: string, data?: Record<string, unknown>) => controller.enqueue(event(type, data)),
    end: () => controller.close(),
  };
}

/** The form's own live status (toasts have theirs). */
const suggestionStatus = () =>
  within(screen.getByRole('form', { name: 'Respond to review' })).getByRole('status');
const textbox = () => screen.getByRole('textbox', { name: 'Your response' }) as HTMLTextAreaElement;

describe('Suggest response with a language model', () => {
  it('when the reply streams in, then the box fills piece by piece, says Writing… and ends ready to edit', async () => {
    const stream = streamingServer();
    const { user } = renderWithProviders(<Harness />);

    await user.click(screen.getByRole('button', { name: 'Suggest response' }));
    stream.send('text', { text: 'Ciao Giulia, ' });

    await waitFor(() => expect(textbox().value).toBe('Ciao Giulia, '));
    expect(suggestionStatus()).toHaveTextContent('Writing…');
    expect(suggestionStatus()).toHaveAttribute('aria-live', 'polite');
    expect(screen.getByRole('button', { name: 'Generating...' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Submit Response' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Stop' })).toBeEnabled();
    expect(textbox()).toHaveAttribute('readonly');

    stream.send('text', { text: 'ci dispiace per la pasta fredda.\n\n— Anna' });
    await waitFor(() =>
      expect(textbox().value).toBe('Ciao Giulia, ci dispiace per la pasta fredda.\n\n— Anna'),
    );
    stream.send('done');
    stream.end();

    await waitFor(() => expect(screen.getByRole('button', { name: 'Suggest response' })).toBeEnabled());
    expect(suggestionStatus()).toHaveTextContent('Suggestion ready.');
    expect(screen.queryByRole('button', { name: 'Stop' })).not.toBeInTheDocument();
    expect(textbox()).not.toHaveAttribute('readonly');
    expect(textbox()).toHaveFocus();
    expect(stream.urls).toEqual(['/api/reviews/41/suggested-reply']);
    expect(await findToast('Response suggestion generated')).toBeInTheDocument();
    // The owner edits the suggestion as any text.
    await user.type(textbox(), '!');
    expect(textbox().value).toMatch(/— Anna!$/);
    expect(screen.getByRole('button', { name: 'Submit Response' })).toBeEnabled();
  });

  it('when the stream breaks midway, then the half reply is replaced by the template with a note', async () => {
    const stream = streamingServer();
    const { user } = renderWithProviders(<Harness />);

    await user.click(screen.getByRole('button', { name: 'Suggest response' }));
    stream.send('text', { text: 'Ciao Giulia, ci dispiace' });
    await waitFor(() => expect(textbox().value).toBe('Ciao Giulia, ci dispiace'));
    stream.send('fallback', { reason: 'broken' });
    stream.end();

    await waitFor(() => expect(textbox().value).toBe(suggestResponse(review)));
    expect(textbox().value).not.toContain('ci dispiace');
    expect(screen.getByText(SUGGESTION_NOTES.broken)).toBeInTheDocument();
    expect(textbox()).toHaveAccessibleDescription(SUGGESTION_NOTES.broken);
  });

  it('when the assistant did not answer in time, then the template comes with the note saying so', async () => {
    const stream = streamingServer();
    const { user } = renderWithProviders(<Harness />);

    await user.click(screen.getByRole('button', { name: 'Suggest response' }));
    stream.send('fallback', { reason: 'timeout' });
    stream.end();

    await waitFor(() => expect(textbox().value).toBe(suggestResponse(review)));
    expect(suggestionStatus()).toHaveTextContent(SUGGESTION_NOTES.noAnswer);
  });

  it('when our own connection ends before done, then no cut-off text is kept', async () => {
    const stream = streamingServer();
    const { user } = renderWithProviders(<Harness />);

    await user.click(screen.getByRole('button', { name: 'Suggest response' }));
    stream.send('text', { text: 'Ciao Giulia, grazie per' });
    stream.end();

    await waitFor(() => expect(textbox().value).toBe(suggestResponse(review)));
    expect(screen.getByText(SUGGESTION_NOTES.broken)).toBeInTheDocument();
  });

  it('when the owner presses Stop, then their own text comes back as it was', async () => {
    const stream = streamingServer();
    const { user } = renderWithProviders(<Harness />);
    await user.type(textbox(), 'My draft');

    await user.click(screen.getByRole('button', { name: 'Suggest response' }));
    stream.send('text', { text: 'Ciao Giulia' });
    await waitFor(() => expect(textbox().value).toBe('Ciao Giulia'));
    await user.click(screen.getByRole('button', { name: 'Stop' }));

    await waitFor(() => expect(textbox().value).toBe('My draft'));
    expect(suggestionStatus()).toHaveTextContent('Stopped. Your text is as it was.');
    expect(screen.getByRole('button', { name: 'Suggest response' })).toBeEnabled();
  });

  it('when too many suggestions were asked for, then the template comes with a note to wait', async () => {
    server.use(
      http.post('*/reviews/:id/suggested-reply', () =>
        HttpResponse.json({ message: 'Too many', code: 'rate_limited' }, { status: 429 }),
      ),
    );
    const { user } = renderWithProviders(<Harness />);

    await user.click(screen.getByRole('button', { name: 'Suggest response' }));

    await waitFor(() => expect(textbox().value).toBe(suggestResponse(review)));
    expect(screen.getByText(SUGGESTION_NOTES.limited)).toBeInTheDocument();
  });

  it("when an admin is inside a client's area, then the suggestion is asked of the mirrored API", async () => {
    const stream = streamingServer();
    const { user } = renderWithProviders(
      <TenantProvider clientId={7}>
        <Harness />
      </TenantProvider>,
    );

    await user.click(screen.getByRole('button', { name: 'Suggest response' }));
    stream.send('text', { text: 'Grazie!' });
    stream.send('done');
    stream.end();

    await waitFor(() => expect(suggestionStatus()).toHaveTextContent('Suggestion ready.'));
    expect(stream.urls).toEqual(['/api/admin/clients/7/reviews/41/suggested-reply']);
  });
});

describe('Edit in ReviewFlow, from an alert email', () => {
  it('when the review opens with draft=1, then the reply box starts from the words the email offered', async () => {
    const urls: string[] = [];
    server.use(
      http.get('*/reviews/:id/reply-draft', ({ request }) => {
        urls.push(new URL(request.url).pathname);
        return HttpResponse.json({ content: 'Ciao Giulia, ci dispiace molto.' });
      }),
    );

    renderWithProviders(<Harness />, { path: `/reviews?review=${review.id}&draft=1` });

    await waitFor(() => expect(textbox().value).toBe('Ciao Giulia, ci dispiace molto.'));
    expect(urls).toEqual([`/api/reviews/${review.id}/reply-draft`]);
    expect(screen.getByText(ALERT_DRAFT_NOTES.ready)).toBeVisible();
    expect(screen.getByRole('button', { name: 'Submit Response' })).toBeEnabled();
  });

  it('when the email’s link was used or expired, then the box stays empty and says so', async () => {
    server.use(
      http.get('*/reviews/:id/reply-draft', () =>
        HttpResponse.json(
          { message: 'No suggested reply from an alert waits for this review' },
          { status: 404 },
        ),
      ),
    );

    renderWithProviders(<Harness />, { path: `/reviews?review=${review.id}&draft=1` });

    expect(await screen.findByText(ALERT_DRAFT_NOTES.gone)).toBeVisible();
    expect(textbox().value).toBe('');
  });

  it('when the review opens without draft=1, then no draft is asked for', async () => {
    const urls: string[] = [];
    server.use(
      http.get('*/reviews/:id/reply-draft', ({ request }) => {
        urls.push(new URL(request.url).pathname);
        return HttpResponse.json({ content: 'x' });
      }),
    );

    renderWithProviders(<Harness />, { path: `/reviews?review=${review.id}` });

    expect(await screen.findByRole('button', { name: 'Suggest response' })).toBeVisible();
    expect(urls).toEqual([]);
    expect(textbox().value).toBe('');
  });
});
