import { DEFAULT_LANGUAGE, type Language } from '@shared/i18n/languages';
import { FEEDBACK_MESSAGE_MAX } from '@shared/schemas/feedback-cases';
import { messagesIn } from '../../lib/i18n';
import { escapeHtml } from '../../lib/mail/html';
import { simplePage } from '../../lib/simple-page';
import type { CaseRow, MessageRow } from './feedback-cases.repository';
import type { CustomerView } from './feedback-cases.service';
import { businessNameOf } from './feedback-delivery';

type T = ReturnType<typeof messagesIn>;

const day = (date: Date, language: Language) =>
  new Intl.DateTimeFormat(language, {
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    timeZone: 'UTC',
  }).format(date);

const stars = (rating: number) => `${'★'.repeat(rating)}${'☆'.repeat(5 - rating)}`;

/** One message of the conversation: who, when (and the rating, for the customer's feedback), the words. */
function entry(t: T, language: Language, who: string, when: Date, text: string, rating?: number) {
  const rated = rating
    ? ` · <span role="img" aria-label="${escapeHtml(t('feedbackCase.stars', { rating }))}">${stars(rating)}</span>`
    : '';
  const quote = text.trim()
    ? `<blockquote style="margin:8px 0 0;padding:8px 16px;border-left:4px solid #e5e7eb;white-space:pre-wrap">` +
      `${escapeHtml(text)}</blockquote>`
    : '';
  return (
    `<section style="margin-top:20px"><p style="font-size:.875rem"><strong>${escapeHtml(who)}</strong> · ` +
    `${day(when, language)}${rated}</p>${quote}</section>`
  );
}

/** The customer's feedback, then the messages they were sent (those that went) and wrote. */
function conversation(t: T, row: CaseRow, messages: MessageRow[]): string {
  const business = businessNameOf(row);
  const you = t('feedbackCase.you');
  const shown = messages.filter((m) => m.author === 'customer' || m.deliveryStatus !== 'not_sent');
  return (
    entry(t, row.language, you, row.reviewCreatedAt, row.content, row.rating) +
    shown
      .map((m) => entry(t, row.language, m.author === 'customer' ? you : business, m.createdAt, m.body))
      .join('')
  );
}

function answerForm(t: T, self: string, error?: string) {
  const invalid = error ? ` aria-invalid="true" aria-describedby="message-error"` : '';
  return (
    `<form method="post" action="${escapeHtml(self)}" style="margin-top:28px">` +
    `<label for="message" style="display:block;font-weight:600;margin-bottom:8px">${escapeHtml(t('feedbackCase.answerLabel'))}</label>` +
    (error
      ? `<p id="message-error" role="alert" style="color:#b91c1c;margin-bottom:8px">${escapeHtml(error)}</p>`
      : '') +
    `<textarea id="message" name="message" rows="5" maxlength="${FEEDBACK_MESSAGE_MAX}" required${invalid}` +
    ` style="box-sizing:border-box;width:100%;font:inherit;padding:10px;border:1px solid #6b7280;border-radius:8px"></textarea>` +
    `<button type="submit">${escapeHtml(t('feedbackCase.send'))}</button></form>`
  );
}

const resolveForm = (t: T, self: string) =>
  `<form method="post" action="${escapeHtml(self)}/resolve">` +
  `<button type="submit" style="background:#fff;color:#111827;border:1px solid #6b7280">` +
  `${escapeHtml(t('feedbackCase.resolve'))}</button></form>`;

/** Why an answer was refused, in the customer's words: empty, or too long. */
export type AnswerProblem = 'empty' | 'tooLong';

/**
 * The page of a customer's link in each of its states, in their language (an invalid link's in the visitor's
 * browser's), and its status code.
 */
export function feedbackPage(
  view: CustomerView,
  options: {
    self: string;
    notice?: 'sent' | 'resolved';
    problem?: AnswerProblem;
    visitorLanguage?: Language;
  },
): { status: number; html: string } {
  if (view.state === 'invalid') {
    const language = options.visitorLanguage ?? DEFAULT_LANGUAGE;
    const t = messagesIn(language);
    return {
      status: 404,
      html: simplePage(t('feedbackCase.invalidTitle'), t('feedbackCase.invalidBody'), '', language),
    };
  }
  const row = view.feedbackCase;
  const t = messagesIn(row.language);
  const business = businessNameOf(row);
  const resolved = row.status === 'resolved';
  const lead =
    options.notice === 'sent'
      ? t('feedbackCase.sent', { business })
      : options.notice === 'resolved'
        ? t('feedbackCase.resolvedNotice', { business })
        : resolved
          ? t('feedbackCase.leadResolved', { business })
          : t('feedbackCase.leadOpen', { business });
  const error = options.problem && t(`feedbackCase.${options.problem}`, { max: FEEDBACK_MESSAGE_MAX });
  return {
    status: options.problem ? 400 : 200,
    html: simplePage(
      t('feedbackCase.title', { business }),
      lead,
      conversation(t, row, view.messages) +
        answerForm(t, options.self, error) +
        (resolved ? '' : resolveForm(t, options.self)),
      row.language,
    ),
  };
}
