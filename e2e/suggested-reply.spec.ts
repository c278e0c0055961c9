import type { Page } from '@playwright/test';
import { E2E_LLM } from '../playwright.config';
import { expect, signUpViaApi, test } from './fixtures';

/**
 * "Suggest response" with a language model configured: runs on the mail server (project chromium-smtp), the one
 * app server pointed at the fake model (playwright.config.ts E2E_LLM). The fake's behaviour is one setting for
 * the whole process, so these tests take turns.
 */
test.describe.configure({ mode: 'serial' });

const PIECES = ['Hi Dana, thank you ', 'for telling us about the croissants. ', 'We will bake them fresh.'];

async function behave(page: Page, behaviour: Record<string, unknown>) {
  const res = await page.request.post(`${E2E_LLM.url}/__control/behave`, { data: behaviour });
  expect(res.status()).toBe(204);
}

/** A fresh client's only review, opened in its dialog. */
async function openReview(page: Page) {
  await signUpViaApi(page);
  const created = await page.request.post('/api/locations', {
    data: { name: 'Pier Road', address: '3 Pier Rd' },
  });
  expect(created.status()).toBe(201);
  const { publicLink } = (await created.json()) as { publicLink: string };
  const review = await page.request.post(`/api/public/review/${publicLink}`, {
    data: { rating: 2, content: 'The croissants were stale', name: 'Dana Holt' },
  });
  expect(review.ok()).toBe(true);
  await page.goto('/reviews');
  await expect(page.getByText('Showing 1 to 1 of 1 results')).toBeVisible();
  await page.getByRole('table').getByRole('row').nth(1).getByRole('button', { name: /^View/ }).click();
  return page.getByRole('dialog', { name: 'Review Details' });
}

test.afterEach(async ({ page }) => {
  // The next test (and anything else on this server) starts from the fake's plain, whole reply.
  await behave(page, { kind: 'reply', pieces: PIECES });
});

test('the model writes the reply into the box as it arrives, then the whole reply is ready to send', async ({
  page,
}) => {
  // The fake sends its first piece and holds the rest until the test releases it.
  await behave(page, { kind: 'gated', pieces: PIECES });
  const dialog = await openReview(page);
  const box = dialog.getByRole('textbox');

  await dialog.getByRole('button', { name: 'Suggest response' }).click();
  await expect(dialog.getByRole('status')).toHaveText('Writing…');
  await expect(box).toHaveValue(PIECES[0]!);
  await expect(box).toHaveAttribute('aria-busy', 'true');
  await expect(box).toHaveAttribute('readonly', '');
  await expect(dialog.getByRole('button', { name: 'Generating...' })).toBeDisabled();
  await expect(dialog.getByRole('button', { name: 'Submit Response' })).toBeDisabled();

  const released = await page.request.post(`${E2E_LLM.url}/__control/release`);
  expect(released.status()).toBe(204);

  await expect(box).toHaveValue(PIECES.join(''));
  await expect(dialog.getByRole('status')).toHaveText('Suggestion ready.');
  await expect(page.getByText('Response suggestion generated', { exact: true })).toBeVisible();
  await expect(box).toHaveAttribute('aria-busy', 'false');
  await expect(box).toBeFocused();
  await expect(dialog.getByRole('button', { name: 'Suggest response' })).toBeEnabled();

  await dialog.getByRole('button', { name: 'Submit Response' }).click();
  await expect(page.getByText('Response submitted', { exact: true })).toBeVisible();
  await expect(dialog.getByText('Responded', { exact: true })).toBeVisible();
});

test('when the model fails, the box gets the rating template and an honest note says why', async ({
  page,
}) => {
  await behave(page, { kind: 'error', status: 500 });
  const dialog = await openReview(page);
  const box = dialog.getByRole('textbox');

  await dialog.getByRole('button', { name: 'Suggest response' }).click();
  const note = 'The writing assistant did not answer, so this is the usual template.';
  await expect(dialog.getByRole('status')).toHaveText(note);
  // On screen for everyone (the status line is otherwise for screen readers only).
  const shown = (await dialog.getByText(note).boundingBox())!;
  expect(shown.width).toBeGreaterThan(100);
  // The 2-star template (client/src/features/reviews/components/suggest-response.ts), not a model's text.
  await expect(box).toHaveValue(/^Hi Dana,\n/);
  await expect(box).toHaveValue(/We're truly sorry to hear about your experience\./);
  await expect(box).not.toHaveValue(new RegExp(PIECES[0]!));
  // The note is tied to the box, so a screen reader hears why when it reads the reply.
  await expect(box).toHaveAccessibleDescription(note);
  await expect(box).toBeFocused();
});
