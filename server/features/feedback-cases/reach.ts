import type { FeedbackChannel } from '@shared/schemas/feedback-cases';
import type { CaseRow } from './feedback-cases.repository';

export type Reach =
  { channel: FeedbackChannel; to: string; reason?: never } | { channel: null; reason: string };

type Contact = Pick<
  CaseRow,
  'contactId' | 'contactEmail' | 'contactPhone' | 'emailOptedOutAt' | 'smsOptedOutAt' | 'requestMethod'
>;

/** Why the customer cannot get a message on a channel, or null when they can. */
function blocked(contact: Contact, channel: FeedbackChannel): string | null {
  if (channel === 'email') {
    if (contact.emailOptedOutAt) return 'opted out of email';
    return contact.contactEmail?.trim() ? null : 'has no email address';
  }
  if (contact.smsOptedOutAt) return 'opted out of SMS';
  return contact.contactPhone?.trim() ? null : 'has no phone number';
}

/**
 * How a case's next message reaches its customer: the way they were asked (a WhatsApp ask is answered by SMS,
 * as WhatsApp refuses free text outside its 24-hour window), else the other channel, never one they opted out
 * of; or why neither can.
 */
export function reachOf(contact: Contact): Reach {
  if (contact.contactId === null) return { channel: null, reason: 'The customer’s contact was deleted.' };
  const order: FeedbackChannel[] =
    contact.requestMethod === 'sms' || contact.requestMethod === 'whatsapp'
      ? ['sms', 'email']
      : ['email', 'sms'];
  const reasons: string[] = [];
  for (const channel of order) {
    const reason = blocked(contact, channel);
    if (!reason)
      return { channel, to: (channel === 'email' ? contact.contactEmail : contact.contactPhone)!.trim() };
    reasons.push(reason);
  }
  return { channel: null, reason: `The customer ${reasons.join(' and ')}.` };
}
