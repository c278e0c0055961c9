import type { AppContext } from '../../lib/context';
import { createDeliveryRepository } from './delivery.repository';
import { readUnsubscribeToken } from '../contacts';
import { customerLanguage } from '../../db/customer-language';
import type { Language } from '@shared/i18n/languages';

const OPT_OUT_WORDS = new Set([
  'STOP',
  'STOPALL',
  'UNSUBSCRIBE',
  'CANCEL',
  'END',
  'QUIT',
  'OPTOUT',
  'REVOKE',
]);
const OPT_IN_WORDS = new Set(['START', 'UNSTOP', 'YES']);
const FAILED_STATUSES = new Set(['failed', 'undelivered']);

/** What providers and unsubscribe links tell us about delivery: statuses, STOP/START replies, opt-outs. */
export function createDeliveryEventsService(ctx: Pick<AppContext, 'db' | 'secretBox' | 'events'>) {
  const repo = createDeliveryRepository(ctx.db, ctx.events);

  /** The contact an email unsubscribe token names, or undefined when it is not a valid email token. */
  const emailContactOf = (token: string): number | undefined => {
    const found = readUnsubscribeToken(ctx.secretBox, token);
    return found && found.channel === 'email' ? found.contactId : undefined;
  };

  return {
    /** A Twilio status callback: delivered, or failed with Twilio's reason; other statuses change nothing. */
    async applyTwilioStatus(sid: string, status: string, errorCode: string, errorMessage: string) {
      if (!sid) return;
      if (status === 'delivered' || status === 'read') {
        await repo.applyProviderStatus(sid, { kind: 'delivered' });
      } else if (FAILED_STATUSES.has(status)) {
        const reason = [errorMessage || `Message ${status}`, errorCode ? `(Twilio error ${errorCode})` : '']
          .filter(Boolean)
          .join(' ');
        await repo.applyProviderStatus(sid, { kind: 'failed', reason });
      }
    },

    /** An inbound text: STOP-like words opt the sender out of that channel, START-like words back in. */
    async applyKeyword(from: string, text: string) {
      const word = text.trim().toUpperCase().replace(/\s+/g, '');
      const channel = from.startsWith('whatsapp:') ? 'whatsapp' : 'sms';
      const phone = from.replace(/^whatsapp:/, '');
      if (!phone || !(OPT_OUT_WORDS.has(word) || OPT_IN_WORDS.has(word))) return undefined;
      const optedOut = OPT_OUT_WORDS.has(word);
      const contacts = await repo.setPhoneOptOut(phone, channel, optedOut);
      return { channel, optedOut, contacts };
    },

    isEmailUnsubscribeLink: (token: string) => emailContactOf(token) !== undefined,

    /** The language of an unsubscribe page: the link's contact's, else the browser's, else English. */
    async unsubscribeLanguage(token: string, acceptLanguage: string | undefined): Promise<Language> {
      const contactId = emailContactOf(token);
      const saved = contactId === undefined ? null : await repo.contactLanguage(contactId);
      return customerLanguage(saved, acceptLanguage);
    },

    /** Opts the link's contact out of email; false when the link is not valid. */
    async unsubscribeEmail(token: string): Promise<boolean> {
      const contactId = emailContactOf(token);
      return contactId !== undefined && (await repo.optOutEmail(contactId));
    },
  };
}
