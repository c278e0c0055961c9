import type { Channel } from '@shared/schemas/domain';
import { CHANNELS } from '@shared/schemas/domain';
import type { SecretBox } from '../../lib/crypto';

const PREFIX = 'unsub1';

/**
 * The token in an unsubscribe link: the contact and channel sealed with the server's key (AES-256-GCM,
 * authenticated), so nobody can make one for another contact or alter it.
 */
export function unsubscribeToken(secretBox: SecretBox, contactId: number, channel: Channel): string {
  return secretBox.encrypt(`${PREFIX}:${contactId}:${channel}`);
}

export function readUnsubscribeToken(
  secretBox: SecretBox,
  token: string,
): { contactId: number; channel: Channel } | undefined {
  if (token.length > 512) return undefined;
  let plain: string;
  try {
    plain = secretBox.decrypt(token);
  } catch {
    return undefined;
  }
  const [prefix, id, channel] = plain.split(':');
  const contactId = Number(id);
  if (prefix !== PREFIX || !Number.isSafeInteger(contactId) || contactId <= 0) return undefined;
  if (!(CHANNELS as readonly string[]).includes(channel ?? '')) return undefined;
  return { contactId, channel: channel as Channel };
}
