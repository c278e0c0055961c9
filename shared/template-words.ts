import type { Channel } from './domain';
import type { Language } from './i18n/languages';
import { DEFAULT_TEMPLATES, OPT_OUT_WORDS } from './templates';

// The templates' limits, messages and shapes, without zod (the schemas are in shared/schemas/templates.ts, which
// exports these too; rendering is shared/templates.ts).

// Limits of a template (PRODUCT.md section 4): an SMS or WhatsApp text is at most 1,600 characters (Twilio's
// limit for a concatenated message), an email body 10,000.
export const TEMPLATE_NAME_MAX = 100;
export const TEMPLATE_SUBJECT_MAX = 200;
export const TEMPLATE_BODY_MAX: Record<Channel, number> = { email: 10_000, sms: 1_600, whatsapp: 1_600 };
export const PREVIEW_VALUE_MAX = 500;

/** {{link}} with optional spaces inside the braces, as renderText accepts it. */
export const LINK_PLACEHOLDER = /\{\{\s*link\s*\}\}/;

export const TEMPLATE_MESSAGES = {
  name: 'Please enter a template name',
  subject: 'Please enter a subject',
  body: 'Please enter the message',
  link: 'The message must include the {{link}} placeholder',
  bodyTooLong: (channel: Channel) =>
    channel === 'email'
      ? 'Email messages are limited to 10,000 characters'
      : `${channel === 'sms' ? 'SMS' : 'WhatsApp'} messages are limited to 1,600 characters`,
  optOutTooLong: (channel: Channel, optOutWords: string = OPT_OUT_WORDS) =>
    `${channel === 'sms' ? 'SMS' : 'WhatsApp'} messages are limited to 1,600 characters, with “${optOutWords}” added at the end`,
} as const;

export interface TemplateFields {
  channel: Channel;
  language?: Language;
  subject?: string | null;
  body: string;
}

/** A template as the API answers it; the shipped default of a channel has `builtIn: true` and no id. */
export interface Template {
  id: number | null;
  name: string;
  channel: Channel;
  /** Who reads it: requests to contacts of this language use it (shared/i18n). */
  language: Language;
  subject: string | null;
  body: string;
  isDefault: boolean;
  builtIn: boolean;
  createdAt: string | null;
  updatedAt: string | null;
}

export interface TemplatePreview {
  subject: string | null;
  body: string;
  characters: number;
  /** SMS segments for sms and whatsapp; null for email. */
  segments: number | null;
  encoding: 'GSM-7' | 'UCS-2' | null;
}

/** The sample values a preview uses when none are given. */
export const SAMPLE_CONTACT_NAME = 'Jordan';
export const SAMPLE_LINK_PATH = '/review/sample-link';

/** The shipped English template of a channel, shown where the client has no English default of their own. */
export function builtInTemplate(channel: Channel): Template {
  const shipped = DEFAULT_TEMPLATES[channel];
  return {
    id: null,
    name: shipped.name,
    channel,
    language: 'en',
    subject: shipped.subject,
    body: shipped.body,
    // It is what that channel's requests use until the client marks one of their own as default.
    isDefault: true,
    builtIn: true,
    createdAt: null,
    updatedAt: null,
  };
}
