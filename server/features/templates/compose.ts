import { DEFAULT_LANGUAGE, directionOf, type Language } from '@shared/i18n/languages';
import type { Channel } from '@shared/schemas/domain';
import { renderMessage, renderText, type TemplateText, type TemplateVariables } from '@shared/templates';
import { builtInTemplateIn, messagesIn, optOutWordsIn } from '../../lib/i18n';
import { escapeHtml } from '../../lib/mail/html';

export interface ComposedEmail {
  subject: string;
  text: string;
  html: string;
}

const LINK_MARK = '\u0000link\u0000';

/**
 * An SMS or WhatsApp text as the customer reads it (the shared renderer, as every preview shows it), with the
 * opt-out words in their language when the template has none.
 */
export function composeText(
  template: TemplateText,
  variables: TemplateVariables,
  channel: 'sms' | 'whatsapp',
  language: Language = DEFAULT_LANGUAGE,
): string {
  return renderMessage(channel, template, variables, optOutWordsIn(language)).body;
}

/**
 * The email's subject, plain text and HTML. Every piece of user text is escaped in the HTML; the review
 * link becomes a button. With an unsubscribe URL, both parts end with an unsubscribe line. The email's own
 * words (button, unsubscribe line) are in the customer's language, as the template chosen for them is.
 */
export function composeEmail(
  template: TemplateText,
  variables: TemplateVariables,
  options: { unsubscribeUrl?: string; language?: Language } = {},
): ComposedEmail {
  const language = options.language ?? DEFAULT_LANGUAGE;
  const t = messagesIn(language);
  const subject =
    renderText(template.subject ?? '', variables)
      .replace(/[\r\n]+/g, ' ')
      .trim() || t('email.fallbackSubject', { business: variables.business });
  let text = renderMessage('email', template, variables).body;
  if (options.unsubscribeUrl)
    text += `\n\n--\n${t('email.unsubscribeLead')} ${t('email.unsubscribe')}: ${options.unsubscribeUrl}`;

  const marked = renderText(template.body, { ...variables, link: LINK_MARK });
  const withMark = marked.includes(LINK_MARK) ? marked : `${marked.trimEnd()}\n\n${LINK_MARK}`;
  const button =
    `<a href="${escapeHtml(variables.link)}" style="display:inline-block;padding:12px 24px;` +
    `background:#2563eb;color:#ffffff;text-decoration:none;border-radius:6px;font-weight:600">` +
    `${escapeHtml(t('email.button'))}</a>`;
  const paragraphs = withMark
    .split(/\n{2,}/)
    .map((p) => p.trim())
    .filter(Boolean)
    .map((p) => {
      const inner = escapeHtml(p).replace(/\n/g, '<br>').split(escapeHtml(LINK_MARK)).join(button);
      return `<p style="margin:0 0 16px">${inner}</p>`;
    })
    .join('\n');
  const footer = options.unsubscribeUrl
    ? `<p style="margin:24px 0 0;font-size:12px;color:#6b7280">${escapeHtml(t('email.unsubscribeLead'))} ` +
      `<a href="${escapeHtml(options.unsubscribeUrl)}" style="color:#6b7280">${escapeHtml(t('email.unsubscribe'))}</a></p>`
    : '';
  const html =
    `<!doctype html><html lang="${language}" dir="${directionOf(language)}"><head><meta charset="utf-8"><title>${escapeHtml(subject)}</title></head>` +
    `<body style="font-family:Arial,Helvetica,sans-serif;font-size:15px;line-height:1.5;color:#111827">` +
    `<div style="max-width:560px;margin:0 auto;padding:24px">\n${paragraphs}\n${footer}</div></body></html>`;
  return { subject, text, html };
}

/**
 * The client's own template for the channel, else the built-in one in the customer's language (an own email
 * without subject keeps ours).
 */
export function templateFor(
  channel: Channel,
  own: { subject: string | null; body: string } | undefined,
  language: Language = DEFAULT_LANGUAGE,
): TemplateText {
  const builtIn = builtInTemplateIn(channel, language);
  return own ? { subject: own.subject ?? builtIn.subject, body: own.body } : builtIn;
}

/** "Reminder: …" in the customer's language. */
export const reminderSubject = (subject: string, language: Language = DEFAULT_LANGUAGE) =>
  messagesIn(language)('email.reminder', { subject });
