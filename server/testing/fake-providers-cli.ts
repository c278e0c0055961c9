import { startFakeGoogle } from './fake-google';
import { mountFakeLlm } from './fake-llm';
import { startFakeMailbox } from './fake-mailbox';
import { startFakeStripe } from './fake-stripe';

/**
 * The providers the end-to-end suite talks to, as a process of its own (playwright.config.ts starts it
 * beside the app): `tsx server/testing/fake-providers-cli.ts <googlePort> [stripePort] [smtpPort mailboxPort]`.
 * Google's OAuth and reviews protocols with the tests' control calls on the first port; Stripe's API and its
 * hosted checkout page on the second (keys as in playwright.config.ts E2E_STRIPE); a real SMTP server on the
 * third, whose received mail the tests read over HTTP on the fourth, which also answers a language model's
 * chat completions under /llm (fake-llm.ts, key and model as in playwright.config.ts E2E_LLM, with the tests'
 * control calls under /llm/__control/).
 */
const [port, stripePort, smtpPort, mailboxPort] = process.argv.slice(2).map(Number);
const valid = (value: number | undefined) => value === undefined || (Number.isInteger(value) && value > 0);
if (!port || ![port, stripePort, smtpPort, mailboxPort].every(valid) || (smtpPort && !mailboxPort)) {
  console.error('usage: fake-providers-cli <googlePort> [stripePort] [smtpPort mailboxPort]');
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

const llm = mountFakeLlm({ basePath: '/llm', apiKey: 'sk-e2e-llm', model: 'e2e-model', control: true });
const mailbox =
  smtpPort && mailboxPort
    ? await startFakeMailbox({ smtpPort, httpPort: mailboxPort, mounts: [llm] })
    : undefined;
if (mailbox) {
  process.stdout.write(
    `SMTP on ${mailbox.smtpUrl}, its mailbox on ${mailbox.url}, a language model on /llm\n`,
  );
}

const stop = () => {
  llm.close();
  void Promise.all([google.close(), stripe?.close(), mailbox?.close()]).then(() => process.exit(0));
};
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
