import type { Env } from '../env';

/**
 * A client of any OpenAI-compatible chat-completions endpoint (POST {base}/chat/completions, Bearer key),
 * streaming: https://platform.openai.com/docs/api-reference/chat/create and .../chat-streaming. The answer
 * is server-sent events, each `data: {"choices":[{"delta":{"content":"..."}}]}`, the last choice with a
 * `finish_reason`, then `data: [DONE]`.
 */
export interface LlmConfig {
  apiBase: string;
  apiKey: string;
  model: string;
  timeoutMs: number;
}

export interface ChatMessage {
  role: 'system' | 'user';
  content: string;
}

/**
 * Why no whole answer came: `timeout` (LLM_TIMEOUT_MS passed), `unavailable` (no connection), `refused`
 * (a non-2xx answer or an error in the stream), `broken` (the stream ended before its end), `cut_off` (the
 * model stopped at its token limit or a filter: a half sentence), `empty` (no text), `aborted` (our caller
 * went away).
 */
export type LlmFailure = 'timeout' | 'unavailable' | 'refused' | 'broken' | 'cut_off' | 'empty' | 'aborted';

export class LlmError extends Error {
  constructor(
    readonly reason: LlmFailure,
    message: string,
  ) {
    super(message);
    this.name = 'LlmError';
  }
}

/** The configuration when LLM_API_BASE, LLM_API_KEY and LLM_MODEL are set (env.ts checks all or none). */
export function llmConfigOf(env: Env): LlmConfig | null {
  if (!env.LLM_API_BASE || !env.LLM_API_KEY || !env.LLM_MODEL) return null;
  return {
    apiBase: env.LLM_API_BASE.replace(/\/+$/, ''),
    apiKey: env.LLM_API_KEY,
    model: env.LLM_MODEL,
    timeoutMs: env.LLM_TIMEOUT_MS,
  };
}

interface Choice {
  delta?: { content?: unknown };
  message?: { content?: unknown };
  finish_reason?: unknown;
}
interface Completion {
  choices?: Choice[];
  error?: { message?: unknown };
}

function parse(text: string): Completion {
  try {
    const value: unknown = JSON.parse(text);
    if (typeof value === 'object' && value !== null) return value as Completion;
  } catch {
    // Reported below as a broken answer.
  }
  throw new LlmError('broken', 'The model answered something that is not JSON');
}

/** A finish other than "stop" leaves the text unfinished (length, content_filter) or not text at all. */
function checkFinish(reason: unknown): 'stop' | null {
  if (reason === null || reason === undefined) return null;
  if (reason === 'stop') return 'stop';
  throw new LlmError('cut_off', `The model stopped early (${String(reason)})`);
}

/**
 * Streams the model's answer, a piece of text at a time. Throws LlmError unless the answer arrived whole
 * (a finish_reason "stop" or [DONE]) and not empty, so a caller showing the pieces knows whether to keep them.
 */
export async function* streamChatCompletion(
  config: LlmConfig,
  request: { messages: ChatMessage[]; maxTokens: number; temperature?: number },
  signal?: AbortSignal,
): AsyncGenerator<string> {
  const timeout = AbortSignal.timeout(config.timeoutMs);
  const combined = signal ? AbortSignal.any([timeout, signal]) : timeout;
  const failure = (error: unknown, otherwise: LlmFailure, what: string): LlmError => {
    if (error instanceof LlmError) return error;
    if (timeout.aborted) return new LlmError('timeout', `No whole answer within ${config.timeoutMs} ms`);
    if (signal?.aborted) return new LlmError('aborted', 'The request was cancelled');
    return new LlmError(otherwise, `${what}: ${error instanceof Error ? error.message : String(error)}`);
  };

  let response: Response;
  try {
    response = await fetch(`${config.apiBase}/chat/completions`, {
      method: 'POST',
      headers: {
        Authorization: `Bearer ${config.apiKey}`,
        'Content-Type': 'application/json',
        Accept: 'text/event-stream, application/json',
      },
      body: JSON.stringify({
        model: config.model,
        messages: request.messages,
        stream: true,
        max_tokens: request.maxTokens,
        temperature: request.temperature ?? 0.7,
      }),
      signal: combined,
    });
  } catch (error) {
    throw failure(error, 'unavailable', 'No connection to the model');
  }
  if (!response.ok) {
    await response.body?.cancel().catch(() => undefined);
    throw new LlmError('refused', `The model answered ${response.status}`);
  }

  let text = '';
  try {
    // A provider that does not stream answers one chat.completion.
    if ((response.headers.get('content-type') ?? '').includes('application/json')) {
      const completion = parse(await response.text());
      const choice = completion.choices?.[0];
      const content = choice?.message?.content;
      checkFinish(choice?.finish_reason);
      if (typeof content === 'string' && content.trim()) {
        text = content;
        yield content;
      }
    } else {
      let finished = false;
      let buffer = '';
      const decoder = new TextDecoder();
      const reader = response.body!.getReader();
      try {
        read: for (;;) {
          const { value, done } = await reader.read();
          buffer += decoder.decode(value, { stream: !done });
          const lines = buffer.split(/\r?\n/);
          buffer = done ? '' : lines.pop()!;
          for (const line of lines) {
            if (!line.startsWith('data:')) continue; // blank lines end events; ": comments" keep alive
            const data = line.slice(5).trim();
            if (data === '[DONE]') {
              finished = true;
              break read;
            }
            const event = parse(data);
            if (event.error) throw new LlmError('refused', 'The model reported an error mid-answer');
            const choice = event.choices?.[0];
            const piece = choice?.delta?.content;
            if (typeof piece === 'string' && piece !== '') {
              text += piece;
              yield piece;
            }
            if (checkFinish(choice?.finish_reason) === 'stop') finished = true;
          }
          if (done) break;
        }
      } finally {
        await reader.cancel().catch(() => undefined);
      }
      if (!finished) throw new LlmError('broken', 'The answer ended before its end');
    }
  } catch (error) {
    throw failure(error, 'broken', 'The answer broke off');
  }
  if (!text.trim()) throw new LlmError('empty', 'The model answered no text');
}
