import type { Channel } from '@shared/schemas/domain';
import { CHANNELS } from '@shared/schemas/domain';
import type { SecretBox } from '../../lib/crypto';
import { sealedTokens } from '../../lib/sealed-token';

const tokens = sealedTokens('unsub1', CHANNELS);

/** The token in a customer's unsubscribe link: the contact and the channel, sealed. */
export function unsubscribeToken(secretBox: SecretBox, contactId: number, channel: Channel): string {
  return tokens.seal(secretBox, contactId, channel);
}

export function readUnsubscribeToken(
  secretBox: SecretBox,
  token: string,
): { contactId: number; channel: Channel } | undefined {
  const opened = tokens.open(secretBox, token);
  return opened && { contactId: opened.id, channel: opened.kind };
}
