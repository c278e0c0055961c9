import type { Channel } from './schemas/domain';

/** The placeholders a template may use (PRODUCT.md section 4). */
export const PLACEHOLDERS = ['name', 'business', 'link'] as const;
export type Placeholder = (typeof PLACEHOLDERS)[number];
export type TemplateVariables = Record<Placeholder, string>;

export interface TemplateText {
  subject: string | null;
  body: string;
}

/** The templates shipped with the product, one per channel; a client's own default replaces them. */
export const DEFAULT_TEMPLATES: Record<Channel, TemplateText & { name: string }> = {
  email: {
    name: 'Default email',
    subject: 'How was your visit to {{business}}?',
    body:
      'Hi {{name}},\n\nThank you for choosing {{business}}. We would love to hear how it went: ' +
      'it takes less than a minute.\n\n{{link}}\n\nThank you!\nThe {{business}} team',
  },
  sms: {
    name: 'Default SMS',
    subject: null,
    body: 'Hi {{name}}, thanks for visiting {{business}}! Tell us how we did: {{link}} Reply STOP to opt out.',
  },
  whatsapp: {
    name: 'Default WhatsApp',
    subject: null,
    body: 'Hi {{name}} 👋 Thanks for choosing {{business}}! Would you share a quick review? {{link}}',
  },
};

/** Replaces {{name}}, {{business}} and {{link}} (spaces inside the braces allowed); unknown ones stay. */
export function renderText(text: string, variables: TemplateVariables): string {
  return text.replace(/\{\{\s*(name|business|link)\s*\}\}/g, (_match, key: Placeholder) => variables[key]);
}

export function renderTemplate(template: TemplateText, variables: TemplateVariables): TemplateText {
  return {
    subject: template.subject === null ? null : renderText(template.subject, variables),
    body: renderText(template.body, variables),
  };
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
