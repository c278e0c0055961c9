import type { SecretBox } from '../../lib/crypto';

const PREFIX = 'alerts1';
export const ALERT_KINDS = ['instant', 'digest'] as const;
export type AlertKind = (typeof ALERT_KINDS)[number];

/** The token of an alert email's unsubscribe link: the user and the kind of email, sealed (AES-GCM). */
export function alertUnsubscribeToken(secretBox: SecretBox, userId: number, kind: AlertKind): string {
  return secretBox.encrypt(`${PREFIX}:${userId}:${kind}`);
}

export function readAlertUnsubscribeToken(
  secretBox: SecretBox,
  token: string,
): { userId: number; kind: AlertKind } | undefined {
  if (token.length > 512) return undefined;
  let plain: string;
  try {
    plain = secretBox.decrypt(token);
  } catch {
    return undefined;
  }
  const [prefix, id, kind] = plain.split(':');
  const userId = Number(id);
  if (prefix !== PREFIX || !Number.isSafeInteger(userId) || userId <= 0) return undefined;
  if (!(ALERT_KINDS as readonly string[]).includes(kind ?? '')) return undefined;
  return { userId, kind: kind as AlertKind };
}
