import type { SuggestionFallbackReason } from '@shared/schemas/reply-settings';

/**
 * "Suggest response" asks the server (POST /reviews/:id/suggested-reply). With a language model configured
 * the reply streams back as server-sent events: `text` pieces, then `done`, or `fallback` when the model
 * failed, in which case the pieces are thrown away and the rating template is used. Without a model the
 * server answers `{ source: 'template' }`. Read with fetch and a ReadableStream (EventSource cannot POST).
 */
export type SuggestionOutcome =
  | { source: 'model'; text: string }
  /** `note` tells the owner why they see the template; none when no model is configured at all. */
  | { source: 'template'; note?: string };

export const SUGGESTION_NOTES = {
  noAnswer: 'The writing assistant did not answer, so this is the usual template.',
  broken: 'The writing assistant stopped partway through, so this is the usual template instead.',
  limited:
    'You asked for many suggestions in a short time, so this is the usual template. Try the assistant again in a few minutes.',
} as const;

const noteFor = (reason: SuggestionFallbackReason | undefined) =>
  reason === 'broken' || reason === 'cut_off' ? SUGGESTION_NOTES.broken : SUGGESTION_NOTES.noAnswer;

interface StreamEvent {
  type: string;
  data: Record<string, unknown>;
}

function parseEvent(block: string): StreamEvent | null {
  let type = 'message';
  const data: string[] = [];
  for (const line of block.split(/\r?\n/)) {
    if (line.startsWith('event:')) type = line.slice(6).trim();
    else if (line.startsWith('data:')) data.push(line.slice(5).trimStart());
  }
  if (data.length === 0) return null;
  try {
    return { type, data: JSON.parse(data.join('\n')) as Record<string, unknown> };
  } catch {
    return null;
  }
}

export interface SuggestReplyOptions {
  /** Called with the whole text so far each time a piece arrives. */
  onText: (textSoFar: string) => void;
  /** Aborting (Stop, the dialog closing) rejects with the abort's reason. */
  signal: AbortSignal;
}

export async function suggestReply(
  apiBase: string,
  reviewId: number,
  { onText, signal }: SuggestReplyOptions,
): Promise<SuggestionOutcome> {
  let response: Response;
  try {
    response = await fetch(`${apiBase}/reviews/${reviewId}/suggested-reply`, {
      method: 'POST',
      credentials: 'include',
      headers: { Accept: 'text/event-stream, application/json' },
      signal,
    });
  } catch (error) {
    if (signal.aborted) throw error;
    return { source: 'template', note: SUGGESTION_NOTES.noAnswer };
  }
  // Not awaited: a body nobody reads may never settle its cancel.
  if (!response.ok) {
    response.body?.cancel().catch(() => undefined);
    return {
      source: 'template',
      note: response.status === 429 ? SUGGESTION_NOTES.limited : SUGGESTION_NOTES.noAnswer,
    };
  }
  if (!(response.headers.get('content-type') ?? '').includes('text/event-stream') || !response.body) {
    response.body?.cancel().catch(() => undefined);
    return { source: 'template' };
  }

  const reader = response.body.getReader();
  // Stop ends the read at once, whether or not the fetch's own abort reaches the body.
  const stop = () => void reader.cancel().catch(() => undefined);
  signal.addEventListener('abort', stop, { once: true });
  const decoder = new TextDecoder();
  let buffer = '';
  let text = '';
  try {
    for (;;) {
      const { value, done } = await reader.read();
      if (done) break;
      buffer += decoder.decode(value, { stream: true });
      const blocks = buffer.split(/\r?\n\r?\n/);
      buffer = blocks.pop()!;
      for (const block of blocks) {
        const event = parseEvent(block);
        if (event?.type === 'text' && typeof event.data.text === 'string') {
          text += event.data.text;
          onText(text);
        } else if (event?.type === 'done') {
          return text.trim() ? { source: 'model', text } : { source: 'template', note: noteFor('empty') };
        } else if (event?.type === 'fallback') {
          return { source: 'template', note: noteFor(event.data.reason as SuggestionFallbackReason) };
        }
      }
    }
  } catch {
    // Reported below: the stream ended without its last word.
  } finally {
    signal.removeEventListener('abort', stop);
    reader.cancel().catch(() => undefined);
  }
  if (signal.aborted) throw signal.reason;
  // Our own connection ended before the server said done: what came may stop mid-sentence.
  return { source: 'template', note: SUGGESTION_NOTES.broken };
}
