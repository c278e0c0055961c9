import { FEEDBACK_MESSAGE_MAX } from '@shared/schemas/feedback-cases';
import { escapeHtml } from '../../lib/mail/html';
import { simplePage } from '../../lib/simple-page';
import type { CaseRow, MessageRow } from './feedback-cases.repository';
import type { CustomerView } from './feedback-cases.service';
import { businessNameOf } from './feedback-delivery';

const day = (date: Date) =>
  new Intl.DateTimeFormat('en-GB', {
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    timeZone: 'UTC',
  }).format(date);

const stars = (rating: number) => `${'★'.repeat(rating)}${'☆'.repeat(5 - rating)}`;

const entry = (who: string, when: Date, text: string, rating?: number) =>
  `<section style="margin-top:20px"><p style="font-size:.875rem"><strong>${escapeHtml(who)}</strong> · ${day(when)}` +
  (rating ? ` · <span aria-label="${rating} out of 5 stars">${stars(rating)}</span>` : '') +
  `</p>` +
  (text.trim()
    ? `<blockquote style="margin:8px 0 0;padding:8px 16px;border-left:4px solid #e5e7eb;white-space:pre-wrap">` +
      `${escapeHtml(text)}</blockquote>`
    : '') +
  `</section>`;

/** The customer's feedback, then the messages the customer was sent or wrote. */
function conversation(row: CaseRow, messages: MessageRow[]): string {
  const business = businessNameOf(row);
  const shown = messages.filter((m) => m.author === 'customer' || m.deliveryStatus !== 'not_sent');
  return (
    entry('You', row.reviewCreatedAt, row.content, row.rating) +
    shown.map((m) => entry(m.author === 'customer' ? 'You' : business, m.createdAt, m.body)).join('')
  );
}

const answerForm = (self: string, error?: string) =>
  `<form method="post" action="${escapeHtml(self)}" style="margin-top:28px">` +
  `<label for="message" style="display:block;font-weight:600;margin-bottom:8px">Your answer</label>` +
  (error
    ? `<p id="message-error" role="alert" style="color:#b91c1c;margin-bottom:8px">${escapeHtml(error)}</p>`
    : '') +
  `<textarea id="message" name="message" rows="5" maxlength="${FEEDBACK_MESSAGE_MAX}" required` +
  (error ? ` aria-invalid="true" aria-describedby="message-error"` : '') +
  ` style="box-sizing:border-box;width:100%;font:inherit;padding:10px;border:1px solid #9ca3af;border-radius:8px"></textarea>` +
  `<button type="submit">Send answer</button></form>`;

const resolveForm = (self: string) =>
  `<form method="post" action="${escapeHtml(self)}/resolve">` +
  `<button type="submit" style="background:#fff;color:#111827;border:1px solid #9ca3af">My issue is resolved</button></form>`;

/** The page of a customer's link in each of its states, and its status code. */
export function feedbackPage(
  view: CustomerView,
  options: { self: string; notice?: 'sent' | 'resolved'; error?: string; status?: number },
): { status: number; html: string } {
  if (view.state === 'invalid')
    return {
      status: 404,
      html: simplePage(
        'Link not valid',
        'This link is not valid. Please use the latest message you received.',
      ),
    };
  const row = view.feedbackCase;
  const business = businessNameOf(row);
  const resolved = row.status === 'resolved';
  const lead =
    options.notice === 'sent'
      ? `Thank you: ${business} has your answer.`
      : options.notice === 'resolved'
        ? `Thank you: ${business} knows your issue is resolved. You can still write here if anything changes.`
        : resolved
          ? `This conversation is resolved. You can still write to ${business} here if something is not right.`
          : `${business} reads what you write here.`;
  return {
    status: options.status ?? 200,
    html: simplePage(
      `Your feedback to ${business}`,
      lead,
      conversation(row, view.messages) +
        answerForm(options.self, options.error) +
        (resolved ? '' : resolveForm(options.self)),
    ),
  };
}
