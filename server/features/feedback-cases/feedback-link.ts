import type { SecretBox } from '../../lib/crypto';
import { openSealedParts, sealedId } from '../../lib/sealed-token';

const PREFIX = 'feedback1';

/**
 * The customer's link to their case: the case id and the case's random key, sealed with the server's key
 * (AES-256-GCM, authenticated), so nobody can make or alter one; a new key would end every link sent so far.
 */
export function sealFeedbackLink(
  secretBox: SecretBox,
  feedbackCase: { id: number; linkKey: string },
): string {
  return secretBox.encrypt(`${PREFIX}:${feedbackCase.id}:${feedbackCase.linkKey}`);
}

export function openFeedbackLink(
  secretBox: SecretBox,
  token: string,
): { caseId: number; linkKey: string } | undefined {
  const [rawId, linkKey, ...rest] = openSealedParts(secretBox, token, PREFIX) ?? [];
  const caseId = sealedId(rawId);
  if (caseId === undefined || !linkKey || rest.length > 0) return undefined;
  return { caseId, linkKey };
}

/** The page the customer reads and answers on. */
export const feedbackLinkUrl = (publicBaseUrl: string, token: string) =>
  `${publicBaseUrl}/api/feedback/${encodeURIComponent(token)}`;
