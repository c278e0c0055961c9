/**
 * The owner app's service worker (issue 45 item 3; decision 019), built by scripts/build-service-worker.ts into
 * dist/public/sw.js with the build's shell (its HTML's scripts and styles) and a version.
 *
 * - The app shell (index.html and the scripts and styles it loads first) is stored when the worker installs;
 *   the other hashed assets are stored the first time they load. They never change under their name.
 * - A page of the app is asked from the network first (a deploy is picked up at once); without a network it
 *   is the stored shell, whose screens then say "You are offline". Any other page without a network (the
 *   landing page, a customer's review page) is a short "You are offline" page.
 * - Nothing from /api is stored: an owner's data never stays on the device.
 * - A push (a new review, issue 45, or a customer's answer on a feedback case) shows a notification; tapping it
 *   opens the review in an open window of the app, else in a new one.
 */
export {};

declare const __SHELL__: string[];
declare const __VERSION__: string;

interface ExtendableEvent extends Event {
  waitUntil(promise: Promise<unknown>): void;
}
interface FetchEvent extends ExtendableEvent {
  readonly request: Request;
  respondWith(response: Response | Promise<Response>): void;
}
interface PushEvent extends ExtendableEvent {
  readonly data: { json(): unknown } | null;
}
interface ShownNotification {
  readonly data: unknown;
  close(): void;
}
interface NotificationEvent extends ExtendableEvent {
  readonly notification: ShownNotification;
}
interface WindowClient {
  readonly url: string;
  focus(): Promise<WindowClient>;
  navigate(url: string): Promise<WindowClient | null>;
}
interface WorkerScope {
  addEventListener(type: 'install' | 'activate', listener: (event: ExtendableEvent) => void): void;
  addEventListener(type: 'fetch', listener: (event: FetchEvent) => void): void;
  addEventListener(type: 'push', listener: (event: PushEvent) => void): void;
  addEventListener(type: 'notificationclick', listener: (event: NotificationEvent) => void): void;
  skipWaiting(): Promise<void>;
  clients: {
    claim(): Promise<void>;
    matchAll(options: { type: 'window'; includeUncontrolled: boolean }): Promise<WindowClient[]>;
    openWindow(url: string): Promise<WindowClient | null>;
  };
  registration: {
    showNotification(
      title: string,
      options: { body: string; icon: string; badge: string; tag: string; data: { url: string } },
    ): Promise<void>;
  };
  location: Location;
}

/** What the server pushes (shared/push.ts, PushMessage). */
interface PushMessage {
  title: string;
  body: string;
  url: string;
  tag: string;
}

const worker = globalThis as unknown as WorkerScope;
const CACHE = `reviewflow-${__VERSION__}`;
const SHELL_HTML = '/index.html';

/** Pages the server answers with something other than the app's HTML. */
const isAppPage = (path: string) => path !== '/' && !path.startsWith('/review/') && !path.startsWith('/api/');

const OFFLINE_PAGE = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>You are offline · ReviewFlow</title></head>
<body style="font-family:system-ui,sans-serif;margin:0;display:grid;place-items:center;min-height:100vh;padding:1rem;text-align:center">
<main><h1 style="font-size:1.25rem">You are offline</h1>
<p>This page opens when your phone or computer is back online.</p></main></body></html>`;

const offlinePage = () =>
  new Response(OFFLINE_PAGE, { status: 503, headers: { 'Content-Type': 'text/html; charset=utf-8' } });

worker.addEventListener('install', (event) => {
  event.waitUntil(
    caches
      .open(CACHE)
      // Past the browser's HTTP cache: the shell must be this build's.
      .then((cache) =>
        cache.addAll([SHELL_HTML, ...__SHELL__].map((url) => new Request(url, { cache: 'reload' }))),
      )
      .then(() => worker.skipWaiting()),
  );
});

worker.addEventListener('activate', (event) => {
  event.waitUntil(
    caches
      .keys()
      .then((names) => Promise.all(names.filter((name) => name !== CACHE).map((name) => caches.delete(name))))
      .then(() => worker.clients.claim()),
  );
});

worker.addEventListener('fetch', (event) => {
  const { request } = event;
  if (request.method !== 'GET') return;
  const url = new URL(request.url);
  if (url.origin !== worker.location.origin) return;
  if (url.pathname.startsWith('/assets/')) event.respondWith(storedFirst(request));
  else if (request.mode === 'navigate') event.respondWith(networkFirst(request, url.pathname));
});

/** A hashed asset: the stored copy, else the network's, stored for next time. */
async function storedFirst(request: Request): Promise<Response> {
  const cache = await caches.open(CACHE);
  const stored = await cache.match(request);
  if (stored) return stored;
  const response = await fetch(request);
  if (response.ok) await cache.put(request, response.clone());
  return response;
}

/** A page: the network's answer; without a network, the stored app shell or the offline page. */
async function networkFirst(request: Request, path: string): Promise<Response> {
  try {
    return await fetch(request);
  } catch {
    const shell = isAppPage(path) ? await caches.match(SHELL_HTML) : undefined;
    return shell ?? offlinePage();
  }
}

worker.addEventListener('push', (event) => {
  const message = event.data?.json() as PushMessage | undefined;
  if (!message) return;
  event.waitUntil(
    worker.registration.showNotification(message.title, {
      body: message.body,
      icon: '/icons/icon-192.png',
      badge: '/icons/icon-192.png',
      tag: message.tag,
      data: { url: message.url },
    }),
  );
});

worker.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const { url } = event.notification.data as { url: string };
  // Only a page of this app: a push names a path of ours, never another site.
  const target = new URL(url, worker.location.origin);
  if (target.origin !== worker.location.origin) return;
  event.waitUntil(openInApp(target.href));
});

/** Focuses a window of the app on the page, or opens one. */
async function openInApp(href: string): Promise<void> {
  const windows = await worker.clients.matchAll({ type: 'window', includeUncontrolled: true });
  const open = windows.find((client) => new URL(client.url).origin === worker.location.origin);
  if (open) {
    await open.focus();
    await open.navigate(href);
  } else {
    await worker.clients.openWindow(href);
  }
}
