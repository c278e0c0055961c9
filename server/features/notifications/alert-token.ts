import type { SecretBox } from '../../lib/crypto';
import { sealedTokens } from '../../lib/sealed-token';

export const ALERT_KINDS = ['instant', 'digest'] as const;
export type AlertKind = (typeof ALERT_KINDS)[number];

const tokens = sealedTokens('alerts1', ALERT_KINDS);

/** The token of an alert email's unsubscribe link: the user and the kind of email, sealed. */
export function alertUnsubscribeToken(secretBox: SecretBox, userId: number, kind: AlertKind): string {
  return tokens.seal(secretBox, userId, kind);
}

export function readAlertUnsubscribeToken(
  secretBox: SecretBox,
  token: string,
): { userId: number; kind: AlertKind } | undefined {
  const opened = tokens.open(secretBox, token);
  return opened && { userId: opened.id, kind: opened.kind };
}
