// The public proof of honest collection (issue 47, item 1), without zod: its words, its types and the one rule
// that chains the log's entries, which the server's tests and the proof page's "Verify" both run.

/** An invitation that reached its customer, or the review sites a customer was offered after rating. */
export const PROOF_ENTRY_KINDS = ['invited', 'offered'] as const;
export type ProofEntryKind = (typeof PROOF_ENTRY_KINDS)[number];

/** The public review sites a customer can be offered after rating, in the order an entry lists them. */
export const PROOF_SITES = ['google', 'facebook'] as const;
export type ProofSite = (typeof PROOF_SITES)[number];

/** The hash the first entry chains to: 64 zeros. */
export const GENESIS_HASH = '0'.repeat(64);

/** What the figures count: the twelve months before each day's publication. */
export const PROOF_WINDOW_MONTHS = 12;

/** The most entries one page of the public log holds. */
export const PROOF_LOG_PAGE_MAX = 1000;

export const PROOF_SLUG_MIN = 3;
export const PROOF_SLUG_MAX = 50;

export const PROOF_MESSAGES = {
  slug: `Use ${PROOF_SLUG_MIN} to ${PROOF_SLUG_MAX} lowercase letters, digits or hyphens, starting and ending with a letter or digit`,
  slugTaken: 'This address is already taken. Please choose another.',
  notFound: 'This proof page does not exist.',
  saved: 'Proof page saved',
  published: 'Your proof page is public',
  unpublished: 'Your proof page is private',
} as const;

/** One entry of a client's public log: no names, no addresses, no review text. */
export interface ProofLogEntry {
  seq: number;
  kind: ProofEntryKind;
  /** The stars given (an `offered` entry); null for an invitation. */
  rating: number | null;
  /** The sites offered after that rating; empty for an invitation, and when none was offered. */
  offered: ProofSite[];
  /** ISO 8601 in UTC to the second, as hashed: `2026-12-04T06:03:44Z`. */
  at: string;
  prevHash: string;
  hash: string;
}

/** The chaining rule in words, as the OpenAPI document and the proof page state it. */
export const PROOF_HASH_RULE =
  "Each entry's `hash` is the SHA-256 (lowercase hex) of the UTF-8 text of its fields joined by `|`, in this " +
  'order: seq, kind, rating (empty for an invitation), the offered sites joined by `,` (empty when none), at ' +
  "(as given: ISO 8601 in UTC to the second), prevHash. The first entry's prevHash is 64 zeros and every " +
  "next entry's is the hash of the one before, so a changed, removed or reordered entry breaks the chain " +
  'from there on. Example text: `2|offered|1|google,facebook|2026-12-04T06:03:44Z|<64 hex digits>`.';

/**
 * The text an entry's hash is the SHA-256 of (UTF-8, lowercase hex): its fields joined by `|`, in this order:
 * seq, kind, rating (empty for none), the offered sites joined by `,`, at, prevHash. For example
 * `7|offered|2|google,facebook|2026-12-04T06:03:44Z|9f86d0…`. The first entry's prevHash is GENESIS_HASH, and
 * each next entry's is the hash of the one before, so changing, removing or reordering any entry breaks every
 * hash after it. The database computes it the same way (server/db/sql/proof-log.sql, proof_entry_text).
 */
export function proofEntryText(entry: Omit<ProofLogEntry, 'hash'>): string {
  return [entry.seq, entry.kind, entry.rating ?? '', entry.offered.join(','), entry.at, entry.prevHash].join(
    '|',
  );
}

/** SHA-256 of a text as lowercase hex: WebCrypto in the browser, node:crypto on the server. */
export type Sha256Hex = (text: string) => Promise<string>;

export type ChainCheck = { ok: true; seq: number; hash: string } | { ok: false; seq: number; reason: string };

/**
 * Re-computes a run of entries that follows `from` (the genesis, or the last entry of the run before) and says
 * where the chain first breaks, if it does.
 */
export async function verifyProofChain(
  entries: readonly ProofLogEntry[],
  sha256: Sha256Hex,
  from: { seq: number; hash: string } = { seq: 0, hash: GENESIS_HASH },
): Promise<ChainCheck> {
  let previous = from;
  for (const entry of entries) {
    if (entry.seq !== previous.seq + 1) {
      return { ok: false, seq: entry.seq, reason: `Entry ${previous.seq + 1} is missing` };
    }
    if (entry.prevHash !== previous.hash) {
      return {
        ok: false,
        seq: entry.seq,
        reason: `Entry ${entry.seq} does not follow entry ${previous.seq}`,
      };
    }
    if ((await sha256(proofEntryText(entry))) !== entry.hash) {
      return { ok: false, seq: entry.seq, reason: `Entry ${entry.seq} was changed after it was written` };
    }
    previous = { seq: entry.seq, hash: entry.hash };
  }
  return { ok: true, ...previous };
}

/** The day's published head of the chain: the last entry when the figures were counted. */
export interface ProofHead {
  seq: number;
  hash: string;
  publishedAt: string;
}

export interface ProofRatingFigures {
  rating: number;
  /** Customers who gave this rating on the review page. */
  rated: number;
  /** Of them, those offered Google or Facebook next. */
  offered: number;
}

/** GET /api/proof/{slug}: the figures of the last twelve months, counted from the log up to `head`. */
export interface ProofSummary {
  business: string;
  /** Invitations that reached a customer. */
  asked: number;
  /** Ratings after which the customer was offered Google or Facebook. */
  offeredPublicLinks: number;
  /** Ratings after which the customer was offered neither. */
  filtered: number;
  byRating: ProofRatingFigures[];
  /** The average of the business's Google and Facebook star ratings (all time), null with none. */
  average: number | null;
  /** How many Google and Facebook reviews the business has (all time). */
  count: number;
  head: ProofHead;
}

/** GET /api/proof/{slug}/log: entries after `after`, oldest first. */
export interface ProofLogPage {
  entries: ProofLogEntry[];
  /** The `after` of the next page, null at the end. */
  next: number | null;
}

/** GET/PUT /api/proof-settings. */
export interface ProofSettings {
  enabled: boolean;
  slug: string;
  /** The public page and its badge, on this server. */
  pageUrl: string;
  badgeUrl: string;
  /** The last publication, null before the first. */
  head: ProofHead | null;
}
