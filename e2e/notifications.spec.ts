import { expect, test } from './fixtures';

test.use({ viewport: { width: 1280, height: 900 } });

test('a customer’s 2-star review reaches the open dashboard’s bell without a reload, and opens from there', async ({
  page,
  client: _client,
}) => {
  const created = await page.request.post('/api/locations', {
    data: { name: 'Quay Street', address: '2 Quay St' },
  });
  const { publicLink } = (await created.json()) as { publicLink: string };
  // The page's timers are ours to move: the bell's poll runs when the test says, not when a busy machine does.
  await page.clock.install();
  await page.goto('/dashboard');
  await expect(page.getByRole('button', { name: 'Notifications', exact: true })).toBeVisible({
    timeout: 15_000,
  });

  const submitted = await page.request.post(`/api/public/review/${publicLink}`, {
    data: { rating: 2, content: 'The music was far too loud', name: 'Robin Vale' },
  });
  expect(submitted.ok()).toBe(true);
  await page.clock.fastForward('00:31');

  const bell = page.getByRole('button', { name: 'Notifications, 1 unread' });
  await expect(bell).toBeVisible();
  await bell.click();
  const item = page.getByRole('menuitem', { name: /New 2-star private review/ });
  await expect(item).toContainText('Robin Vale: “The music was far too loud”');
  await item.click();

  await expect(page).toHaveURL(/\/reviews\?review=\d+$/);
  const dialog = page.getByRole('dialog', { name: 'Review Details' });
  await expect(dialog.getByText('The music was far too loud')).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('button', { name: 'Notifications', exact: true })).toBeVisible();
});
