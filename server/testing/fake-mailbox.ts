import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { decodeQuotedPrintable, startTestSmtpServer } from './smtp';

/**
 * A real SMTP server for the end-to-end suite, and an HTTP window onto what it received: `GET
 * /messages?to=<address>` answers the messages to that address, newest first, with their text decoded
 * (quoted-printable soft breaks joined), so a test can follow a link from an email as its reader would.
 * `mounts` serve other fakes under a path of the same HTTP port (the e2e suite has no port to spare).
 */
export async function startFakeMailbox(options: {
  smtpPort: number;
  httpPort: number;
  mounts?: { basePath: string; handle: http.RequestListener }[];
}) {
  const smtp = await startTestSmtpServer(options.smtpPort);
  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://mailbox');
    const mount = options.mounts?.find((m) => url.pathname.startsWith(`${m.basePath}/`));
    if (mount) {
      mount.handle(req, res);
      return;
    }
    if (req.method !== 'GET' || url.pathname !== '/messages') {
      res.writeHead(404).end();
      return;
    }
    const to = url.searchParams.get('to')?.toLowerCase();
    const messages = smtp.messages
      .filter((m) => !to || m.to.some((address) => address.toLowerCase() === to))
      .map((m) => ({ to: m.to, text: decodeQuotedPrintable(m.raw) }))
      .reverse();
    res.writeHead(200, { 'Content-Type': 'application/json' }).end(JSON.stringify(messages));
  });
  await new Promise<void>((resolve) => server.listen(options.httpPort, '127.0.0.1', resolve));
  return {
    smtpUrl: smtp.url,
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () =>
      Promise.all([smtp.close(), new Promise<void>((resolve) => server.close(() => resolve()))]).then(
        () => undefined,
      ),
  };
}
