// The suggested replies' words, without zod (the schemas are in shared/schemas/reply-settings.ts, which exports
// these too).

/**
 * How the owner wants suggested replies written (issue 16, item 4): a tone, and a signature the reply ends
 * with. Used when a language model writes "Suggest response"; the rating templates do not change.
 */
export const REPLY_TONES = ['warm', 'professional', 'brief'] as const;
export type ReplyTone = (typeof REPLY_TONES)[number];

export const REPLY_TONE_LABELS: Record<ReplyTone, { label: string; hint: string }> = {
  warm: { label: 'Warm', hint: 'Friendly and personal' },
  professional: { label: 'Professional', hint: 'Courteous and polished' },
  brief: { label: 'Brief', hint: 'Two or three short sentences' },
};

export const SIGNATURE_MAX = 80;
export const SIGNATURE_MESSAGE = `The signature must be one line of at most ${SIGNATURE_MAX} characters`;

export interface ReplySettings {
  tone: ReplyTone;
  /** '' for none, e.g. "— Anna, Bella Pasta". */
  signature: string;
}

export const DEFAULT_REPLY_SETTINGS: ReplySettings = { tone: 'warm', signature: '' };

/**
 * POST /api/reviews/:id/suggested-reply. Without a language model configured the answer is JSON
 * `{ source: 'template' }` and the client fills in its rating template. With one, the answer is
 * `text/event-stream`: `text` events carry the next piece of the reply (`{ "text": "..." }`), then exactly
 * one of `done` (the reply is whole) or `fallback` (`{ "reason": ... }`: the pieces so far are to be thrown
 * away and the template used, with a note).
 */
export interface TemplateSuggestion {
  source: 'template';
}
export const SUGGESTION_FALLBACK_REASONS = [
  'timeout',
  'unavailable',
  'refused',
  'broken',
  'cut_off',
  'empty',
] as const;
export type SuggestionFallbackReason = (typeof SUGGESTION_FALLBACK_REASONS)[number];
