import type { Channel } from '@shared/schemas/domain';
import {
  DEFAULT_TEMPLATES,
  renderMessage,
  renderText,
  type TemplateText,
  type TemplateVariables,
} from '@shared/templates';
import { escapeHtml } from '../../lib/mail/html';

export interface ComposedEmail {
  subject: string;
  text: string;
  html: string;
}

const LINK_MARK = '\u0000link\u0000';

/** An SMS or WhatsApp text as the customer reads it (the shared renderer, as every preview shows it). */
export function composeText(
  template: TemplateText,
  variables: TemplateVariables,
  channel: 'sms' | 'whatsapp',
): string {
  return renderMessage(channel, template, variables).body;
}

/**
 * The email's subject, plain text and HTML. Every piece of user text is escaped in the HTML; the review
 * link becomes a button. With an unsubscribe URL, both parts end with an unsubscribe line.
 */
export function composeEmail(
  template: TemplateText,
  variables: TemplateVariables,
  options: { unsubscribeUrl?: string } = {},
): ComposedEmail {
  const subject =
    renderText(template.subject ?? '', variables)
      .replace(/[\r\n]+/g, ' ')
      .trim() || `A quick review for ${variables.business}`;
  let text = renderMessage('email', template, variables).body;
  if (options.unsubscribeUrl)
    text += `\n\n--\nDon't want these emails? Unsubscribe: ${options.unsubscribeUrl}`;

  const marked = renderText(template.body, { ...variables, link: LINK_MARK });
  const withMark = marked.includes(LINK_MARK) ? marked : `${marked.trimEnd()}\n\n${LINK_MARK}`;
  const button =
    `<a href="${escapeHtml(variables.link)}" style="display:inline-block;padding:12px 24px;` +
    `background:#2563eb;color:#ffffff;text-decoration:none;border-radius:6px;font-weight:600">Leave a review</a>`;
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
    ? `<p style="margin:24px 0 0;font-size:12px;color:#6b7280">Don't want these emails? ` +
      `<a href="${escapeHtml(options.unsubscribeUrl)}" style="color:#6b7280">Unsubscribe</a></p>`
    : '';
  const html =
    `<!doctype html><html><head><meta charset="utf-8"><title>${escapeHtml(subject)}</title></head>` +
    `<body style="font-family:Arial,Helvetica,sans-serif;font-size:15px;line-height:1.5;color:#111827">` +
    `<div style="max-width:560px;margin:0 auto;padding:24px">\n${paragraphs}\n${footer}</div></body></html>`;
  return { subject, text, html };
}

/** The client's own template for the channel, else the built-in one (an own email without subject keeps ours). */
export function templateFor(
  channel: Channel,
  own: { subject: string | null; body: string } | undefined,
): TemplateText {
  return own
    ? { subject: own.subject ?? DEFAULT_TEMPLATES[channel].subject, body: own.body }
    : DEFAULT_TEMPLATES[channel];
}
