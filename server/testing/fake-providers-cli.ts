import { startFakeGoogle } from './fake-google';
import { startFakeStripe } from './fake-stripe';

/**
 * The fake Google Business Profile as a process of its own, for the end-to-end suite
 * (playwright.config.ts starts it beside the app): `tsx server/testing/fake-providers-cli.ts <port> [stripePort]`.
 * It speaks Google's OAuth and reviews protocols on that port and takes the tests' control calls; with a
 * second port, Stripe's API and its hosted checkout page there (keys as in playwright.config.ts E2E_STRIPE).
 */
const port = Number(process.argv[2]);
const stripePort = process.argv[3] === undefined ? undefined : Number(process.argv[3]);
if (!Number.isInteger(port) || port <= 0 || (stripePort !== undefined && !(stripePort > 0))) {
  console.error('usage: fake-providers-cli <port> [stripePort]');
  process.exit(1);
}

const google = await startFakeGoogle({
  clientId: 'e2e-google-client',
  clientSecret: 'e2e-google-secret',
  port,
  control: true,
});
process.stdout.write(`fake Google listening on ${google.url}\n`);

const stripe =
  stripePort === undefined
    ? undefined
    : await startFakeStripe({
        port: stripePort,
        secretKey: 'sk_test_e2e',
        webhookSecret: 'whsec_e2e_0123456789abcdef',
      });
if (stripe) process.stdout.write(`fake Stripe listening on ${stripe.url}\n`);

const stop = () => void Promise.all([google.close(), stripe?.close()]).then(() => process.exit(0));
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
