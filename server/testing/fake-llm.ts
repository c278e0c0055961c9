import http from 'node:http';
import type { AddressInfo } from 'node:net';

/** One request as the fake received it. */
export interface FakeLlmRequest {
  path: string;
  authorization: string | undefined;
  body: {
    model?: string;
    stream?: boolean;
    max_tokens?: number;
    messages?: { role: string; content: string }[];
  };
}

/**
 * What the next answers do:
 * - `reply`: the text, streamed as one `delta` per piece when the request asks for `stream: true` (ending in
 *   `finish_reason: "stop"` and `data: [DONE]`), else one chat.completion JSON; `finishReason: 'length'`
 *   is a model cut off by its token limit;
 * - `gated`: streams the first piece, then waits for `release()` before the rest (a test sees the pieces
 *   arrive one by one without any timing);
 * - `hang`: accepts the request and never answers;
 * - `error`: answers this status with an OpenAI-style error body;
 * - `break`: streams the pieces, then drops the connection before the end (`clean`: ends the HTTP answer
 *   properly, but without a finish_reason or [DONE], as a proxy cutting a long answer might);
 * - `empty`: a well-formed stream with no text.
 */
export type FakeLlmBehaviour =
  | { kind: 'reply'; pieces: string[]; finishReason?: 'stop' | 'length' }
  | { kind: 'gated'; pieces: string[] }
  | { kind: 'hang' }
  | { kind: 'error'; status: number }
  | { kind: 'break'; pieces: string[]; clean?: boolean }
  | { kind: 'empty' };

export interface FakeLlm {
  /** Use as LLM_API_BASE (the server calls `${url}/chat/completions`). */
  url: string;
  apiKey: string;
  model: string;
  requests: FakeLlmRequest[];
  /** Every answer from now on behaves so (default: a short reply in three pieces). */
  behave(behaviour: FakeLlmBehaviour): void;
  /** Lets a `gated` stream send its remaining pieces. */
  release(): void;
  /** Resolves once a request has arrived (the n-th, counting from 1). */
  received(n?: number): Promise<FakeLlmRequest>;
  env(overrides?: Record<string, string>): Record<string, string>;
  close(): Promise<void>;
}

export const FAKE_LLM_PIECES = [
  'Thank you, Anna, ',
  'for your kind words about our pasta. ',
  '— Bella Pasta',
];

const id = 'chatcmpl-fake';
const chunk = (delta: Record<string, string>, finishReason: string | null = null) =>
  `data: ${JSON.stringify({
    id,
    object: 'chat.completion.chunk',
    created: Math.floor(Date.now() / 1000),
    model: 'fake',
    choices: [{ index: 0, delta, finish_reason: finishReason }],
  })}\n\n`;

/** The fake's protocol and state, without a server of its own (startFakeLlm gives it one). */
function createFakeLlmCore(options: {
  apiKey?: string;
  model?: string;
  basePath?: string;
  control?: boolean;
}) {
  const apiKey = options.apiKey ?? 'sk-fake-llm-key';
  const model = options.model ?? 'fake-model';
  const basePath = options.basePath ?? '';
  const requests: FakeLlmRequest[] = [];
  let behaviour: FakeLlmBehaviour = { kind: 'reply', pieces: FAKE_LLM_PIECES };
  let gates: (() => void)[] = [];
  let released = false;
  const waiters: { n: number; resolve: (r: FakeLlmRequest) => void }[] = [];
  const open = new Set<http.ServerResponse>();

  const fail = (
    res: http.ServerResponse,
    status: number,
    message: string,
    type = 'invalid_request_error',
  ) => {
    res.writeHead(status, { 'Content-Type': 'application/json' });
    res.end(JSON.stringify({ error: { message, type, param: null, code: null } }));
  };

  const behave = (next: FakeLlmBehaviour) => {
    behaviour = next;
    released = false;
  };
  const release = () => {
    released = true;
    const pending = gates;
    gates = [];
    for (const go of pending) go();
  };

  /**
   * The test's own calls over HTTP (`control`), for a test in another process (the e2e suite):
   * POST <base>/__control/behave with a FakeLlmBehaviour, POST <base>/__control/release.
   */
  const handleControl = (req: http.IncomingMessage, res: http.ServerResponse, path: string, raw: string) => {
    if (req.method === 'POST' && path === '/__control/behave') {
      try {
        behave(JSON.parse(raw) as FakeLlmBehaviour);
      } catch {
        return fail(res, 400, 'The behaviour is not JSON.');
      }
      return res.writeHead(204).end();
    }
    if (req.method === 'POST' && path === '/__control/release') {
      release();
      return res.writeHead(204).end();
    }
    return fail(res, 404, 'no such control call');
  };

  /** Answers one request whose URL starts with `basePath`. */
  const handle = (req: http.IncomingMessage, res: http.ServerResponse) => {
    const path = (req.url ?? '').slice(basePath.length);
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const raw = Buffer.concat(chunks).toString('utf8');
      if (options.control && path.startsWith('/__control/')) return handleControl(req, res, path, raw);
      let body: FakeLlmRequest['body'];
      try {
        body = JSON.parse(raw) as FakeLlmRequest['body'];
      } catch {
        return fail(res, 400, 'We could not parse the JSON body of your request.');
      }
      const recorded = { path, authorization: req.headers.authorization, body };
      requests.push(recorded);
      for (const waiter of waiters.filter((w) => w.n === requests.length)) waiter.resolve(recorded);

      if (req.method !== 'POST' || path !== '/chat/completions') return fail(res, 404, 'Unknown path');
      if (req.headers.authorization !== `Bearer ${apiKey}`) {
        return fail(res, 401, 'Incorrect API key provided.', 'invalid_api_key');
      }
      if (body.model !== model) return fail(res, 404, `The model \`${body.model}\` does not exist.`);
      if (!Array.isArray(body.messages) || body.messages.length === 0) {
        return fail(res, 400, "'messages' is a required property");
      }

      const current = behaviour;
      if (current.kind === 'hang') {
        open.add(res);
        return;
      }
      if (current.kind === 'error') {
        return fail(
          res,
          current.status,
          'The server had an error while processing your request.',
          'server_error',
        );
      }
      const pieces = current.kind === 'empty' ? [] : current.pieces;
      const finishReason = current.kind === 'reply' ? (current.finishReason ?? 'stop') : 'stop';

      if (!body.stream) {
        res.writeHead(200, { 'Content-Type': 'application/json' });
        return res.end(
          JSON.stringify({
            id,
            object: 'chat.completion',
            created: Math.floor(Date.now() / 1000),
            model,
            choices: [
              {
                index: 0,
                message: { role: 'assistant', content: pieces.join('') },
                finish_reason: finishReason,
              },
            ],
          }),
        );
      }

      res.writeHead(200, { 'Content-Type': 'text/event-stream', 'Cache-Control': 'no-cache' });
      open.add(res);
      res.on('close', () => open.delete(res));
      res.write(chunk({ role: 'assistant', content: '' }));
      const finish = (rest: string[]) => {
        if (current.kind === 'break') {
          // The provider's connection dies mid-answer, once what it sent has left: no finish_reason, no [DONE].
          const sent = rest.map((piece) => chunk({ content: piece })).join('');
          if (current.clean) res.end(sent);
          else res.write(sent, () => res.socket?.destroy());
          return;
        }
        for (const piece of rest) res.write(chunk({ content: piece }));
        res.write(chunk({}, finishReason));
        res.end('data: [DONE]\n\n');
      };
      if (current.kind === 'gated') {
        res.write(chunk({ content: pieces[0] ?? '' }));
        const rest = () => finish(pieces.slice(1));
        if (released) rest();
        else gates.push(rest);
        return;
      }
      finish(pieces);
    });
  };

  const fake = {
    apiKey,
    model,
    requests,
    behave,
    release,
    received(n = requests.length + 1): Promise<FakeLlmRequest> {
      const done = requests[n - 1];
      if (done) return Promise.resolve(done);
      return new Promise<FakeLlmRequest>((resolve) => waiters.push({ n, resolve }));
    },
  };
  return {
    fake,
    handle,
    /** Ends the streams still open (a `hang` or a `gated` answer never released). */
    destroyOpen: () => {
      for (const res of open) res.destroy();
    },
  };
}

/**
 * The fake served under `basePath` of a server that also answers other things (the e2e suite's
 * fake-providers process has no port to spare): `handle` answers the requests under it, `url` is then
 * `${origin}${basePath}`.
 */
export function mountFakeLlm(options: {
  basePath: string;
  apiKey?: string;
  model?: string;
  control?: boolean;
}) {
  const core = createFakeLlmCore(options);
  return { ...core.fake, basePath: options.basePath, handle: core.handle, close: core.destroyOpen };
}

/** A local stand-in for an OpenAI-compatible chat-completions API (streaming and not), as the server uses it. */
export async function startFakeLlm(options: { port?: number; apiKey?: string; model?: string } = {}) {
  const core = createFakeLlmCore(options);
  const { apiKey, model } = core.fake;
  const server = http.createServer(core.handle);

  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const url = `http://127.0.0.1:${port}`;

  const fake: FakeLlm = {
    ...core.fake,
    url,
    env(overrides = {}) {
      return { LLM_API_BASE: url, LLM_API_KEY: apiKey, LLM_MODEL: model, ...overrides };
    },
    close: () =>
      new Promise<void>((resolve) => {
        core.destroyOpen();
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
  return fake;
}
