import { createHash } from 'node:crypto';
import type { SecretBox } from '../../lib/crypto';

const PREFIX = 'replylink1';
/** A sealed link is about 200 characters; anything far longer is not one, and is not decrypted. */
const MAX_TOKEN_LENGTH = 512;

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
  if (token.length > MAX_TOKEN_LENGTH) return undefined;
  let plain: string;
  try {
    plain = secretBox.decrypt(token);
  } catch {
    return undefined;
  }
  const [prefix, rawLinkId, rawReviewId, contentHash, ...rest] = plain.split(':');
  const linkId = Number(rawLinkId);
  const reviewId = Number(rawReviewId);
  if (prefix !== PREFIX || rest.length > 0 || !contentHash) return undefined;
  if (!Number.isSafeInteger(linkId) || linkId <= 0 || !Number.isSafeInteger(reviewId) || reviewId <= 0)
    return undefined;
  return { linkId, reviewId, contentHash };
}
