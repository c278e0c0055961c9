// Web Push words and types (issue 45), without zod: the schemas are in shared/schemas/push.ts.

/** What a push shows: its title and text, the page a tap opens, and the tag that replaces an older one. */
export interface PushMessage {
  title: string;
  body: string;
  url: string;
  tag: string;
}

/** GET /api/push/key: the server's VAPID public key, base64url, for `pushManager.subscribe`. */
export interface PushKey {
  publicKey: string;
}

/** One of the signed-in user's devices that receive push (GET /api/push/subscriptions). */
export interface PushDevice {
  id: number;
  endpoint: string;
  deviceLabel: string;
  everyReview: boolean;
  createdAt: string;
  lastPushedAt: string | null;
}

/** How many words of the review a push quotes, at most. */
export const PUSH_QUOTE_MAX = 100;

export const PUSH_ENDPOINT_MAX = 2048;
