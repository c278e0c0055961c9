import Stripe from 'stripe';
import type { Env } from '../env';

export type StripeClient = Stripe;

/**
 * Stripe's own SDK, pointed at STRIPE_API_BASE (the SDK takes `host`, `port` and `protocol`, not a URL), so
 * tests talk to server/testing/fake-stripe.ts over the real protocol. Null without STRIPE_SECRET_KEY:
 * payments are not set up, and checkout says so instead of pretending.
 */
export function createStripeClient(env: Env): StripeClient | null {
  if (!env.STRIPE_SECRET_KEY) return null;
  const base = new URL(env.STRIPE_API_BASE);
  const protocol = base.protocol === 'http:' ? 'http' : 'https';
  return new Stripe(env.STRIPE_SECRET_KEY, {
    host: base.hostname,
    port: base.port || (protocol === 'http' ? 80 : 443),
    protocol,
    // One retry (with the SDK's idempotency key) for a dropped connection; a user is waiting on the answer.
    maxNetworkRetries: 1,
    timeout: 20_000,
    appInfo: { name: 'ReviewFlow' },
  });
}

/** Checks `Stripe-Signature` over the raw body (stripe.webhooks.constructEvent); throws when it does not match. */
export function verifyStripeEvent(rawBody: Buffer, signature: string, secret: string): Stripe.Event {
  return Stripe.webhooks.constructEvent(rawBody, signature, secret);
}

export const isStripeSignatureError = (err: unknown): boolean =>
  err instanceof Stripe.errors.StripeSignatureVerificationError;
