import type { PushDevice, PushKey } from '@shared/push';

import { ApiError, apiRequest, getJson } from '@/lib/api-client';

/** Where this browser stands with push for the signed-in person. */
export type PushState =
  { kind: 'unsupported' } | { kind: 'blocked' } | { kind: 'off' } | { kind: 'on'; everyReview: boolean };

/** The app's service worker, when this browser can receive push through it. */
async function pushRegistration(): Promise<ServiceWorkerRegistration | undefined> {
  if (!('serviceWorker' in navigator) || !('PushManager' in window) || !('Notification' in window))
    return undefined;
  return navigator.serviceWorker.getRegistration();
}

/** "Chrome on Android": enough for the owner to tell their devices apart. */
export function deviceLabel(userAgent = navigator.userAgent): string {
  const browser = /Edg\//.test(userAgent)
    ? 'Edge'
    : /Firefox\//.test(userAgent)
      ? 'Firefox'
      : /Chrome\//.test(userAgent)
        ? 'Chrome'
        : /Safari\//.test(userAgent)
          ? 'Safari'
          : 'A browser';
  const system = /Android/.test(userAgent)
    ? 'Android'
    : /iPhone|iPad/.test(userAgent)
      ? 'iOS'
      : /Mac OS X/.test(userAgent)
        ? 'macOS'
        : /Windows/.test(userAgent)
          ? 'Windows'
          : /Linux/.test(userAgent)
            ? 'Linux'
            : 'this device';
  return `${browser} on ${system}`;
}

/** base64url to the bytes `pushManager.subscribe` takes as the server's key. */
function keyBytes(base64url: string): Uint8Array<ArrayBuffer> {
  const base64 = base64url.replace(/-/g, '+').replace(/_/g, '/');
  const binary = atob(base64 + '='.repeat((4 - (base64.length % 4)) % 4));
  return Uint8Array.from(binary, (char) => char.charCodeAt(0));
}

/** Whether this device receives push now: the browser's subscription, and the server's record of it. */
export async function currentPushState(apiBase: string): Promise<PushState> {
  const registration = await pushRegistration();
  if (!registration) return { kind: 'unsupported' };
  if (Notification.permission === 'denied') return { kind: 'blocked' };
  const subscription = await registration.pushManager.getSubscription();
  if (!subscription) return { kind: 'off' };
  const devices = await getJson<PushDevice[]>(`${apiBase}/push/subscriptions`);
  const saved = devices.find((device) => device.endpoint === subscription.endpoint);
  return saved ? { kind: 'on', everyReview: saved.everyReview } : { kind: 'off' };
}

/** Asks the browser's permission, subscribes with the server's key and registers the device. */
export async function turnPushOn(apiBase: string, everyReview: boolean): Promise<PushState> {
  const registration = await pushRegistration();
  if (!registration) return { kind: 'unsupported' };
  if ((await Notification.requestPermission()) !== 'granted') return { kind: 'blocked' };
  const subscription =
    (await registration.pushManager.getSubscription()) ??
    (await registration.pushManager.subscribe({
      userVisibleOnly: true,
      applicationServerKey: keyBytes((await getJson<PushKey>(`${apiBase}/push/key`)).publicKey),
    }));
  await apiRequest('POST', `${apiBase}/push/subscriptions`, {
    ...subscription.toJSON(),
    everyReview,
    deviceLabel: deviceLabel(),
  });
  return { kind: 'on', everyReview };
}

/** Stops push on this device: the server forgets it, then the browser drops the subscription. */
export async function turnPushOff(apiBase: string): Promise<PushState> {
  const subscription = await (await pushRegistration())?.pushManager.getSubscription();
  if (subscription) {
    await apiRequest('DELETE', `${apiBase}/push/subscriptions`, { endpoint: subscription.endpoint }).catch(
      (error: unknown) => {
        // Already forgotten (a push service's 410, a removed member): the browser's side still goes.
        if (!(error instanceof ApiError && error.status === 404)) throw error;
      },
    );
    await subscription.unsubscribe();
  }
  return { kind: 'off' };
}
