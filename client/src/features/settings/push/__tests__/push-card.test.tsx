import { http, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { TenantProvider } from '@/lib/tenant';
import { ENDPOINT, fakeBrowser, SERVER_KEY as KEY } from '@/testing/fake-push';
import { findToast, renderWithProviders, screen, server, waitFor } from '@/testing/test-utils';

import { deviceLabel } from '@/lib/device-push';
import { PUSH_TEXTS, PushCard } from '../push-card';

describe('PushCard', () => {
  let saved: { endpoint: string; everyReview: boolean }[];
  let posted: Record<string, unknown>[];
  beforeEach(() => {
    saved = [];
    posted = [];
    server.use(
      http.get('*/api/push/key', () => HttpResponse.json({ publicKey: KEY })),
      http.get('*/api/push/subscriptions', () => HttpResponse.json(saved)),
      http.post('*/api/push/subscriptions', async ({ request }) => {
        const body = (await request.json()) as { endpoint: string; everyReview: boolean };
        posted.push(body);
        saved = [body];
        return HttpResponse.json(body, { status: 201 });
      }),
      http.delete('*/api/push/subscriptions', () => {
        saved = [];
        return new HttpResponse(null, { status: 204 });
      }),
    );
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    Reflect.deleteProperty(navigator, 'serviceWorker');
  });

  it('when the owner turns push on, then the browser subscribes with the server key and the device is registered', async () => {
    const browser = fakeBrowser();
    const { user } = renderWithProviders(<PushCard />);

    expect(await screen.findByText(PUSH_TEXTS.off)).toBeInTheDocument();
    await user.click(screen.getByRole('checkbox', { name: PUSH_TEXTS.everyReview }));
    await user.click(screen.getByRole('button', { name: 'Turn on push for this device' }));

    expect(await screen.findByText(PUSH_TEXTS.on)).toBeInTheDocument();
    expect(browser.subscribe).toHaveBeenCalledWith(expect.objectContaining({ userVisibleOnly: true }));
    expect(posted).toEqual([
      {
        endpoint: ENDPOINT,
        keys: { p256dh: 'p256dh-key', auth: 'auth-secret' },
        everyReview: true,
        deviceLabel: expect.any(String),
      },
    ]);
    expect(await findToast('Push is on for this device')).toBeInTheDocument();
  });

  it('when push is on and the owner turns it off, then the server forgets the device and the browser unsubscribes', async () => {
    const browser = fakeBrowser({ permission: 'granted', subscribed: true });
    saved = [{ endpoint: ENDPOINT, everyReview: false }];
    const { user } = renderWithProviders(<PushCard />);

    await user.click(await screen.findByRole('button', { name: 'Turn off push on this device' }));

    expect(await screen.findByText(PUSH_TEXTS.off)).toBeInTheDocument();
    await waitFor(() => expect(saved).toEqual([]));
    expect(browser.current()).toBeNull();
  });

  it('when notifications are blocked or push is missing, then the card says so and offers no button that can only fail', async () => {
    fakeBrowser({ permission: 'denied' });
    const blocked = renderWithProviders(<PushCard />);
    expect(await screen.findByText(PUSH_TEXTS.blocked)).toBeInTheDocument();
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
    blocked.unmount();

    vi.unstubAllGlobals();
    Reflect.deleteProperty(navigator, 'serviceWorker');
    renderWithProviders(<PushCard />);
    expect(await screen.findByText(PUSH_TEXTS.unsupported)).toBeInTheDocument();
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
  });

  it("when an admin is inside a client's area, then the card says push is for the business's own team", async () => {
    fakeBrowser();
    renderWithProviders(
      <TenantProvider clientId={7}>
        <PushCard />
      </TenantProvider>,
    );

    expect(await screen.findByText(PUSH_TEXTS.admin)).toBeInTheDocument();
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
  });

  it.each([
    [
      'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 Chrome/131.0 Mobile Safari/537.36',
      'Chrome on Android',
    ],
    [
      'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 Version/17.5 Mobile/15E148 Safari/604.1',
      'Safari on iOS',
    ],
    [
      'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:133.0) Gecko/20100101 Firefox/133.0',
      'Firefox on Windows',
    ],
  ])('when the browser is %s, then the device is named %s', (agent, label) => {
    expect(deviceLabel(agent)).toBe(label);
  });
});
