import { startFakeGoogle } from './fake-google';

/**
 * The fake Google Business Profile as a process of its own, for the end-to-end suite
 * (playwright.config.ts starts it beside the app): `tsx server/testing/fake-providers-cli.ts <port>`.
 * It speaks Google's OAuth and reviews protocols on that port and takes the tests' control calls.
 */
const port = Number(process.argv[2]);
if (!Number.isInteger(port) || port <= 0) {
  console.error('usage: fake-providers-cli <port>');
  process.exit(1);
}

const google = await startFakeGoogle({
  clientId: 'e2e-google-client',
  clientSecret: 'e2e-google-secret',
  port,
  control: true,
});
process.stdout.write(`fake Google listening on ${google.url}\n`);

const stop = () => void google.close().then(() => process.exit(0));
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
