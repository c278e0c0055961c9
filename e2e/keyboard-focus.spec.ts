import type { Locator, Page } from '@playwright/test';
import { expect, test } from './fixtures';

/**
 * Issue 43, item 5 "Keyboard and focus", on a phone: the menu opens on its first item and gives the focus back
 * to its button; a reply not sent is not lost to Escape; a toast sits low on the screen and lets the page
 * around it take clicks.
 */

const PHONE = { width: 375, height: 800 };
test.use({ viewport: PHONE });

/** A review of the signed-in client's own, left by a customer through the public link. */
async function leaveReview(page: Page, name: string, content: string) {
  const created = await page.request.post('/api/locations', {
    data: { name: 'Quay Street', address: '2 Quay St' },
  });
  expect(created.status(), await created.text()).toBe(201);
  const { publicLink } = (await created.json()) as { publicLink: string };
  const submitted = await page.request.post(`/api/public/review/${publicLink}`, {
    data: { rating: 2, content, name },
  });
  expect(submitted.ok(), await submitted.text()).toBe(true);
}

/**
 * Whether a click at a point of the toast viewport's padding, outside the toast itself, reaches the viewport
 * (it should fall through to whatever is under it).
 */
function viewportTakesClickBesideToast(toast: Locator): Promise<boolean> {
  return toast.evaluate((element) => {
    const viewport = element.closest('ol');
    const edges = element.getBoundingClientRect();
    // In the viewport's padding, just above the toast.
    const hit = document.elementFromPoint(edges.left + edges.width / 2, edges.top - 8);
    return Boolean(viewport && hit && viewport.contains(hit));
  });
}

test('on a phone: the menu keeps the focus in order, a draft reply survives Escape, a toast sits low', async ({
  page,
  client: _client,
}) => {
  await leaveReview(page, 'Robin Vale', 'The music was far too loud');
  await page.goto('/reviews');

  // The menu, from the keyboard: focus starts on its first item, and goes back to its button on Escape.
  const menuButton = page.getByRole('button', { name: 'Open menu' });
  await menuButton.focus();
  await page.keyboard.press('Enter');
  const menu = page.getByRole('dialog', { name: 'Menu' });
  await expect(menu).toBeVisible();
  const firstItem = menu.getByRole('navigation', { name: 'Main' }).getByRole('link').first();
  await expect(firstItem).toHaveText('Dashboard');
  await expect(firstItem).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(menu).toBeHidden();
  await expect(menuButton).toBeFocused();

  // A reply typed and not sent: Escape asks first, and keeping it leaves the words and the focus in the box.
  const card = page.getByRole('list', { name: 'Reviews' }).getByRole('listitem').first();
  await card.getByRole('button', { name: /^View/ }).click();
  const dialog = page.getByRole('dialog', { name: 'Review Details' });
  const reply = dialog.getByRole('textbox');
  await reply.fill('Sorry about the noise');
  await page.keyboard.press('Escape');

  const question = page.getByRole('alertdialog', { name: 'Discard this reply?' });
  await expect(question).toBeVisible();
  const keep = question.getByRole('button', { name: 'Keep writing' });
  await expect(keep).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(question).toBeHidden();
  await expect(dialog).toBeVisible();
  await expect(reply).toHaveValue('Sorry about the noise');
  await expect(reply).toBeFocused();
  await page.keyboard.type(', Robin.');
  await expect(reply).toHaveValue('Sorry about the noise, Robin.');

  // Sent: the toast shows in the lower half of the phone, and the strip it sits in does not take clicks.
  await dialog.getByRole('button', { name: 'Submit Response' }).click();
  const toast = page
    .getByRole('region', { name: /^Notifications/ })
    .getByRole('listitem')
    .filter({ hasText: 'Response submitted' });
  await expect(toast).toBeVisible();
  // The pointer on a toast stops its timer: it stays while it is measured, however slow the machine.
  await toast.hover();
  const box = await toast.boundingBox();
  expect(box).not.toBeNull();
  expect(box!.y).toBeGreaterThanOrEqual(PHONE.height / 2);
  expect(box!.y + box!.height).toBeLessThanOrEqual(PHONE.height);
  expect(await viewportTakesClickBesideToast(toast)).toBe(false);

  // Sent, nothing is left to lose: Escape closes at once.
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(question).toBeHidden();
});
