import {
  GENESIS_HASH,
  verifyProofChain,
  type ProofHead,
  type ProofLogPage,
  type Sha256Hex,
} from '@shared/proof';

export type LogVerdict = { ok: true; entries: number } | { ok: false; message: string };

/** SHA-256 as lowercase hex, by the browser's WebCrypto. */
export const webSha256: Sha256Hex = async (text) => {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(text));
  return Array.from(new Uint8Array(digest), (byte) => byte.toString(16).padStart(2, '0')).join('');
};

/**
 * Reads the whole public log page by page, re-computes every hash by the published rule, and checks that the
 * published head is one of its entries: what any reader can do with the API alone.
 */
export async function verifyPublicLog(
  readPage: (after: number) => Promise<ProofLogPage>,
  head: Pick<ProofHead, 'seq' | 'hash'>,
  sha256: Sha256Hex = webSha256,
  onProgress: (checked: number) => void = () => {},
): Promise<LogVerdict> {
  let from = { seq: 0, hash: GENESIS_HASH };
  let headFound = head.seq === 0 && head.hash === GENESIS_HASH;
  for (let after: number | null = 0; after !== null;) {
    const page = await readPage(after);
    const check = await verifyProofChain(page.entries, sha256, from);
    if (!check.ok) return { ok: false, message: `The log does not verify: ${check.reason}.` };
    const atHead = page.entries.find((entry) => entry.seq === head.seq);
    if (atHead) {
      if (atHead.hash !== head.hash) {
        return {
          ok: false,
          message: `The log does not match the published head: entry ${head.seq} has another hash.`,
        };
      }
      headFound = true;
    }
    from = { seq: check.seq, hash: check.hash };
    onProgress(from.seq);
    after = page.next;
  }
  if (!headFound) {
    return {
      ok: false,
      message: `The log does not verify: entry ${head.seq}, the published head, is missing.`,
    };
  }
  return { ok: true, entries: from.seq };
}
