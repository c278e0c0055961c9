import type { Database } from '../db/client';
import type { Env } from '../env';
import type { SecretBox } from './crypto';
import type { EventBus } from './events';
import type { Logger } from './logger';
import type { Mailer } from './mail/mailer';
import type { StripeClient } from './stripe';
import type { TwilioClient } from './twilio/twilio';
import type { UrlPolicy } from './url-policy';

/**
 * What every feature's routes are built from. lib/ knows no feature: the integrations feature adds its
 * provider clients (`google`, `facebook`) to this interface from its own index.ts.
 */
export interface AppContext {
  db: Database;
  env: Env;
  logger: Logger;
  /** Encrypts provider tokens at rest (lib/crypto.ts). */
  secretBox: SecretBox;
  /** Email over SMTP, or outbox mode when SMTP_URL is unset (lib/mail/mailer.ts). */
  mailer: Mailer;
  /** SMS and WhatsApp through Twilio's Messages API (lib/twilio/twilio.ts). */
  twilio: TwilioClient;
  /** Stripe's SDK for checkout, the customer portal and cancellations; null when STRIPE_SECRET_KEY is unset. */
  stripe: StripeClient | null;
  /** The clock for what is scheduled by time (quiet hours, reminders); tests set their own. */
  now: () => Date;
  /** Which webhook URLs may be called (lib/url-policy.ts): public https only; tests allow a local receiver. */
  webhookUrls: UrlPolicy;
  /** What happened, told to the features that react to it inside the caller's transaction (lib/events.ts). */
  events: EventBus;
}
