import type { Channel } from './domain';
import english from './locales/en/messages.json';

/** The placeholders a template may use (PRODUCT.md section 4). */
export const PLACEHOLDERS = ['name', 'business', 'link'] as const;
export type Placeholder = (typeof PLACEHOLDERS)[number];
export type TemplateVariables = Record<Placeholder, string>;

export interface TemplateText {
  subject: string | null;
  body: string;
}

const shipped = english.templates;

/**
 * The templates shipped with the product, one per channel, in English (shared/locales/en/messages.json; the
 * server has every language's through server/lib/i18n.ts); a client's own default replaces them.
 */
export const DEFAULT_TEMPLATES: Record<Channel, TemplateText & { name: string }> = {
  email: { name: shipped.email.name, subject: shipped.email.subject, body: shipped.email.body },
  sms: { name: shipped.sms.name, subject: null, body: shipped.sms.body },
  whatsapp: { name: shipped.whatsapp.name, subject: null, body: shipped.whatsapp.body },
};

/** Any `{{...}}`: a placeholder, known or not (spaces inside the braces allowed). */
const PLACEHOLDER_TOKEN = /\{\{([^{}]*)\}\}/g;
/** What is left of braces that open or close no whole placeholder: `{{name}`, `{name}}`. */
const UNFINISHED_TOKEN = /\{\{[^{}\s]*\}?|\{?[^{}\s]*\}\}/;

const isPlaceholder = (key: string): key is Placeholder => (PLACEHOLDERS as readonly string[]).includes(key);

const ALLOWED_PLACEHOLDERS = `Use ${PLACEHOLDERS.slice(0, -1)
  .map((p) => `{{${p}}}`)
  .join(', ')} or {{${PLACEHOLDERS[PLACEHOLDERS.length - 1]}}}.`;

const shown = (token: string) => (token.length > 40 ? `${token.slice(0, 39)}…` : token);

/**
 * What is wrong with the placeholders of a template's text, or null: an unknown one (`{{first_name}}`) or
 * braces that close nothing (`{{name}`) would reach the customer as they are. `{{ name }}` is fine.
 */
export function placeholderProblem(text: string): string | null {
  const unknown = new Set<string>();
  for (const [token, key] of text.matchAll(PLACEHOLDER_TOKEN))
    if (!isPlaceholder(key!.trim())) unknown.add(shown(token));
  if (unknown.size > 0)
    return `Unknown placeholder${unknown.size > 1 ? 's' : ''} ${[...unknown].join(', ')}. ${ALLOWED_PLACEHOLDERS}`;
  const unfinished = UNFINISHED_TOKEN.exec(text.replace(PLACEHOLDER_TOKEN, ' '));
  return unfinished ? `Unfinished placeholder ${shown(unfinished[0])}. ${ALLOWED_PLACEHOLDERS}` : null;
}

/**
 * Replaces {{name}}, {{business}} and {{link}} (spaces inside the braces allowed). An unknown placeholder,
 * which only a template saved before they were refused can hold, becomes nothing: never `{{x}}` to a customer.
 */
export function renderText(text: string, variables: TemplateVariables): string {
  return text.replace(PLACEHOLDER_TOKEN, (_match, key: string) => {
    const name = key.trim();
    return isPlaceholder(name) ? variables[name] : '';
  });
}

/** Placeholders filled, nothing added: what a customer reads is renderMessage's. */
export function renderTemplate(template: TemplateText, variables: TemplateVariables): TemplateText {
  return {
    subject: template.subject === null ? null : renderText(template.subject, variables),
    body: renderText(template.body, variables),
  };
}

/** The words every SMS and WhatsApp text carries, so a customer always knows how to stop them (English). */
export const OPT_OUT_WORDS = english.optOut;
const STOP_WORD = /\bSTOP\b/i;

/**
 * What the renderer adds to a text template's body: nothing when it already says STOP (as a word, in the
 * template's own words: a business called "One Stop" does not count), else a line with the opt-out words.
 */
export function optOutAddition(templateBody: string, optOutWords = OPT_OUT_WORDS): string {
  return STOP_WORD.test(templateBody.replace(PLACEHOLDER_TOKEN, ' ')) ? '' : `\n${optOutWords}`;
}

/**
 * The message exactly as the customer reads it on `channel`: the one renderer of sending and of every
 * preview. Placeholders filled, the review link added if the template lost it, and for SMS and WhatsApp the
 * opt-out words when the template has none (an email has its unsubscribe link instead), in the message's
 * language (`optOutWords`, English unless given).
 */
export function renderMessage(
  channel: Channel,
  template: TemplateText,
  variables: TemplateVariables,
  optOutWords = OPT_OUT_WORDS,
): TemplateText {
  const rendered = renderTemplate(template, variables);
  const body = rendered.body.includes(variables.link)
    ? rendered.body
    : `${rendered.body.trimEnd()}\n\n${variables.link}`;
  if (channel === 'email') return { subject: rendered.subject, body };
  const addition = optOutAddition(template.body, optOutWords);
  return { subject: rendered.subject, body: addition ? `${body.trimEnd()}${addition}` : body };
}

const GSM_7 =
  '@£$¥èéùìòÇ\nØø\rÅåΔ_ΦΓΛΩΠΨΣΘΞÆæßÉ !"#¤%&\'()*+,-./0123456789:;<=>?¡ABCDEFGHIJKLMNOPQRSTUVWXYZÄÖÑÜ§¿abcdefghijklmnopqrstuvwxyzäöñüà';
const GSM_7_EXTENDED = '^{}\\[~]|€\f';

/** Characters and SMS segments of a message: GSM-7 160/153 per segment, otherwise UCS-2 70/67. */
export function smsSegments(text: string): {
  characters: number;
  segments: number;
  encoding: 'GSM-7' | 'UCS-2';
} {
  const chars = [...text];
  const gsm = chars.every((c) => GSM_7.includes(c) || GSM_7_EXTENDED.includes(c));
  if (gsm) {
    const units = chars.reduce((n, c) => n + (GSM_7_EXTENDED.includes(c) ? 2 : 1), 0);
    return {
      characters: chars.length,
      segments: units === 0 ? 0 : units <= 160 ? 1 : Math.ceil(units / 153),
      encoding: 'GSM-7',
    };
  }
  const units = chars.reduce((n, c) => n + (c.codePointAt(0)! > 0xffff ? 2 : 1), 0);
  return { characters: chars.length, segments: units <= 70 ? 1 : Math.ceil(units / 67), encoding: 'UCS-2' };
}
