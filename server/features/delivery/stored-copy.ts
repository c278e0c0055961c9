import { REDACTED } from '../../lib/logger';
import type { OutboundInsert } from './delivery.repository';

/** The fields of a message's record that hold its words (or a provider's words about it). */
const TEXT_FIELDS = ['subject', 'body', 'html', 'error', 'providerResponse'] as const;

/**
 * The copy of a message that outbound_messages keeps: each secret the sender marked (a password reset,
 * email verification or invitation link's token) written as [redacted], the marker the request log uses
 * for the same tokens (lib/request-log.ts), so a kept link reads `https://…/auth?reset=[redacted]`.
 * Whoever reads the table (an admin on Email Testing, a backup) could otherwise follow a link only its
 * recipient may (issue 42, item 6). The sender names its secrets, matched verbatim, rather than a pattern
 * guessing at them; the recipient gets the message as it was written.
 */
export function withSecretsHidden(message: OutboundInsert, secrets: readonly string[] = []): OutboundInsert {
  // Longest first: a secret that contains another is hidden whole.
  const marked = secrets.filter((s) => s.length > 0).sort((a, b) => b.length - a.length);
  if (marked.length === 0) return message;
  const hide = (text: string) => marked.reduce((kept, secret) => kept.replaceAll(secret, REDACTED), text);
  const copy = { ...message };
  for (const field of TEXT_FIELDS) {
    const value = copy[field];
    if (typeof value === 'string') copy[field] = hide(value);
  }
  return copy;
}
