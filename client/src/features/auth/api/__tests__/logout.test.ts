import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { ENDPOINT, fakeBrowser } from '@/testing/fake-push';
import { server } from '@/testing/test-utils';

import { logout } from '../logout';

describe('logout', () => {
  afterEach(() => {
    server.events.removeAllListeners();
    vi.unstubAllGlobals();
    Reflect.deleteProperty(navigator, 'serviceWorker');
  });

  it('when the person signs out, then this device stops receiving push before the session ends', async () => {
    const browser = fakeBrowser({ permission: 'granted', subscribed: true });
    const calls: string[] = [];
    let forgotten: unknown;
    server.use(
      http.delete('*/api/push/subscriptions', async ({ request }) => {
        forgotten = await request.json();
        return new HttpResponse(null, { status: 204 });
      }),
    );
    server.events.on('request:start', ({ request }) =>
      calls.push(`${request.method} ${new URL(request.url).pathname}`),
    );

    await logout();

    expect(calls).toEqual(['DELETE /api/push/subscriptions', 'POST /api/logout']);
    expect(forgotten).toEqual({ endpoint: ENDPOINT });
    expect(browser.current()).toBeNull();
  });

  it('when push cannot be stopped, then the person is still signed out', async () => {
    fakeBrowser({ permission: 'granted', subscribed: true });
    server.use(
      http.delete('*/api/push/subscriptions', () => HttpResponse.json({ message: 'down' }, { status: 503 })),
    );
    const calls: string[] = [];
    server.events.on('request:start', ({ request }) => calls.push(new URL(request.url).pathname));

    await logout();

    expect(calls).toContain('/api/logout');
  });
});
