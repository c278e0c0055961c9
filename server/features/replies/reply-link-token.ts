import { createHash } from 'node:crypto';
import type { SecretBox } from '../../lib/crypto';
import { openSealedParts, sealedId } from '../../lib/sealed-token';

const PREFIX = 'replylink1';

/** What a "Publish this reply" token binds: its link, the review and the exact words (their SHA-256). */
export interface ReplyLinkClaims {
  linkId: number;
  reviewId: number;
  contentHash: string;
}

export const replyContentHash = (content: string): string =>
  createHash('sha256').update(content, 'utf8').digest('base64url');

/** The token of a link: sealed with the server's key (AES-256-GCM, authenticated), so nobody can make or alter one. */
export function sealReplyLink(
  secretBox: SecretBox,
  link: { id: number; reviewId: number; content: string },
): string {
  return secretBox.encrypt(`${PREFIX}:${link.id}:${link.reviewId}:${replyContentHash(link.content)}`);
}

export function openReplyLink(secretBox: SecretBox, token: string): ReplyLinkClaims | undefined {
  const [rawLinkId, rawReviewId, contentHash, ...rest] = openSealedParts(secretBox, token, PREFIX) ?? [];
  const linkId = sealedId(rawLinkId);
  const reviewId = sealedId(rawReviewId);
  if (linkId === undefined || reviewId === undefined || !contentHash || rest.length > 0) return undefined;
  return { linkId, reviewId, contentHash };
}
