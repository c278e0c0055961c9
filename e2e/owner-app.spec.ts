import { expect, test } from './fixtures';

// The owner app on a phone (issue 45 item 3): installable, and without a network it opens and says so.

test('the app names its manifest, whose icons load, so a phone can install it', async ({ page, request }) => {
  await page.goto('/auth');
  const href = await page.locator('link[rel="manifest"]').getAttribute('href');
  const answer = await request.get(href!);
  const manifest = await answer.json();

  expect(answer.headers()['content-type']).toMatch(/^application\/manifest\+json/);
  expect(manifest).toMatchObject({ name: 'ReviewFlow', start_url: '/dashboard', display: 'standalone' });
  const sizes = manifest.icons.map((icon: { sizes: string }) => icon.sizes);
  expect(sizes).toEqual(expect.arrayContaining(['192x192', '512x512']));
  for (const icon of manifest.icons) {
    const image = await request.get(icon.src);
    expect(image.headers()['content-type']).toBe('image/png');
  }
});

test('without a network the app opens from the stored shell and says "You are offline", then opens when back', async ({
  page,
  context,
  client,
}) => {
  expect(client.email).toBeTruthy();
  await page.goto('/dashboard');
  await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
  // The service worker installed the shell and took the page over.
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null);

  await context.setOffline(true);
  await page.goto('/reviews');
  await expect(page.getByRole('heading', { name: 'You are offline' })).toBeVisible();
  await expect(page).toHaveURL(/\/reviews$/);

  await context.setOffline(false);
  await expect(page.getByRole('heading', { level: 1, name: 'Reviews' })).toBeVisible();
  await expect(page.getByText('You are offline')).toBeHidden();
});

test('when the network goes on an open screen, a banner says so until it is back', async ({
  page,
  context,
  client,
}) => {
  expect(client.email).toBeTruthy();
  await page.goto('/reviews');
  await expect(page.getByRole('heading', { level: 1, name: 'Reviews' })).toBeVisible();

  await context.setOffline(true);
  await expect(page.getByRole('status').filter({ hasText: 'You are offline.' })).toBeVisible();
  await context.setOffline(false);
  await expect(page.getByText('You are offline.')).toBeHidden();
});

test('a page outside the app, opened without a network, is a short "You are offline" page', async ({
  page,
  context,
  client,
}) => {
  expect(client.email).toBeTruthy();
  await page.goto('/dashboard');
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null);

  await context.setOffline(true);
  // Chromium tells the service worker of the lost network a moment after the page (once, in CI, its network
  // fetch of / still succeeded and showed the landing page): navigate again until the worker knows.
  await expect(async () => {
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1, name: 'You are offline' })).toBeVisible({
      timeout: 1_000,
    });
  }).toPass();
});

test('a push from the server shows a notification naming the business, the stars and the review, to open it by', async ({
  page,
  context,
  client,
  baseURL,
}) => {
  expect(client.email).toBeTruthy();
  await context.grantPermissions(['notifications'], { origin: baseURL });
  await page.goto('/settings?tab=notifications');
  await expect(page.getByText('Push is off for this device.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Turn on push for this device' })).toBeVisible();
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null);

  // The push service's side: Chromium hands the service worker a message as FCM would.
  const cdp = await context.newCDPSession(page);
  const registrationId = new Promise<string>((resolve) => {
    cdp.on('ServiceWorker.workerRegistrationUpdated', ({ registrations }) => {
      const ours = registrations.find((registration) => registration.scopeURL.startsWith(baseURL!));
      if (ours) resolve(ours.registrationId);
    });
  });
  await cdp.send('ServiceWorker.enable');
  const message = {
    title: 'Bella Pasta: a new 2-star review',
    body: '★★☆☆☆ Ann: The soup was cold.',
    url: '/reviews?review=1',
    tag: 'review-1',
  };
  const deliver = async () =>
    cdp.send('ServiceWorker.deliverPushMessage', {
      origin: new URL(baseURL!).origin,
      registrationId: await registrationId,
      data: JSON.stringify(message),
    });

  const shown = () =>
    page.evaluate(async () => {
      const registration = await navigator.serviceWorker.ready;
      const notifications = await registration.getNotifications({ tag: 'review-1' });
      return notifications.map(({ title, body, data }) => ({ title, body, data }));
    });
  // Chromium's DevTools hook throws the delivery's outcome away (a push service keeps a message until the
  // browser acknowledges it), so there is no event to wait on and a delivery Chromium drops is silent; once, in
  // CI, nothing showed in 15 s. Deliver again until it shows: the tag makes a second delivery replace the first,
  // so exactly one notification is still the assertion.
  await expect(async () => {
    await deliver();
    await expect
      .poll(shown, { timeout: 5_000 })
      .toEqual([{ title: message.title, body: message.body, data: { url: '/reviews?review=1' } }]);
  }).toPass({ timeout: 60_000 });
});
