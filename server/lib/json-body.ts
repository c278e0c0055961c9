import express, { type RequestHandler } from 'express';

/**
 * How deep a JSON body may nest. No body of this API needs more than a handful of levels (a widget's settings
 * are three); a body of nothing but brackets must be refused before anything walks it (issue 42, item 1).
 */
export const MAX_JSON_DEPTH = 16;

export const JSON_TOO_DEEP_MESSAGE = 'The JSON body is nested too deeply.';

/** Raised from body-parser's `verify`, before the text is parsed; errors.ts answers it as a 400. */
class JsonTooDeepError extends Error {
  readonly status = 400;
  readonly expose = true;
  readonly type = 'entity.too.deep';
  constructor() {
    super(JSON_TOO_DEEP_MESSAGE);
  }
}

/** The deepest nesting of arrays and objects in JSON text, stopping as soon as it passes `limit`: one pass. */
export function jsonDepthExceeds(text: string, limit: number): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 0x5c /* \ */) i++;
      else if (c === 0x22 /* " */) inString = false;
    } else if (c === 0x22) inString = true;
    else if (c === 0x5b /* [ */ || c === 0x7b /* { */) {
      if (++depth > limit) return true;
    } else if (c === 0x5d /* ] */ || c === 0x7d /* } */) depth--;
  }
  return false;
}

/**
 * A `\ud800` escape parses to a lone surrogate, which Postgres stores as U+FFFD in a text column but refuses in
 * a jsonb one (an audit row's details, say): every string is made well-formed as it is read, so a field is the
 * same text wherever it is stored.
 */
function wellFormedStrings(_key: string, value: unknown): unknown {
  return typeof value === 'string' ? value.toWellFormed() : value;
}

/**
 * express.json with the size limit and the depth limit checked on the raw text before it is parsed, and its
 * strings well-formed.
 */
export function jsonBody(limit: number): RequestHandler {
  return express.json({
    limit,
    reviver: wellFormedStrings,
    verify: (_req, _res, buf, encoding) => {
      if (jsonDepthExceeds(buf.toString((encoding || 'utf8') as BufferEncoding), MAX_JSON_DEPTH))
        throw new JsonTooDeepError();
    },
  });
}
