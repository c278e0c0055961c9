import { expect, vi } from 'vitest';

/** A push service endpoint, as Chrome's subscriptions have. */
export const ENDPOINT = 'https://fcm.googleapis.com/fcm/send/device-1';
/** A VAPID public key as the server publishes it (65 bytes, base64url). */
export const SERVER_KEY =
  'BNcRdreALRFXTkOOUHK1EtK2wtaz5Ry4YfYCA_0QTpQtUbVlUls0VJXg7A8u-Ts1XbjhazAkj7I99e8QcYP7DkM';

/** The browser's push machinery as a phone has it: a service worker, a push manager, a permission. */
export function fakeBrowser({ permission = 'default' as NotificationPermission, subscribed = false } = {}) {
  let subscription: { endpoint: string; toJSON(): unknown; unsubscribe(): Promise<boolean> } | null = null;
  const makeSubscription = () => ({
    endpoint: ENDPOINT,
    toJSON: () => ({ endpoint: ENDPOINT, keys: { p256dh: 'p256dh-key', auth: 'auth-secret' } }),
    unsubscribe: vi.fn(async () => {
      subscription = null;
      return true;
    }),
  });
  if (subscribed) subscription = makeSubscription();
  const subscribe = vi.fn(async (options: { applicationServerKey: Uint8Array }) => {
    expect(options.applicationServerKey).toHaveLength(65);
    subscription = makeSubscription();
    return subscription;
  });
  const registration = { pushManager: { getSubscription: async () => subscription, subscribe } };
  vi.stubGlobal('PushManager', function PushManager() {});
  vi.stubGlobal(
    'Notification',
    Object.assign(function Notification() {}, {
      permission,
      requestPermission: vi.fn(async () => (permission === 'default' ? 'granted' : permission)),
    }),
  );
  Object.defineProperty(navigator, 'serviceWorker', {
    configurable: true,
    value: { getRegistration: async () => registration },
  });
  return { subscribe, current: () => subscription };
}
