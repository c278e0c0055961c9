import AxeBuilder from '@axe-core/playwright';
import { expect, mailTo, pathOf, test } from './fixtures';

// Runs on the app server that sends real mail (project chromium-smtp): the alert comes from the SMTP server.

/** The alert email to `to` once it arrives: the suggested reply in it, and its two links as paths. */
async function alertTo(to: string) {
  const text = await mailTo(to, (t) => t.includes('Publish this reply:'));
  const link = (label: string) => pathOf(text.match(new RegExp(`${label}: (\\S+)`))![1]!);
  return {
    suggestion: text.split('Suggested reply:\n')[1]!.split('\n\nPublish this reply:')[0]!,
    publish: link('Publish this reply'),
    edit: link('Edit in ReviewFlow'),
  };
}

test('an owner answers a 2-star review from the alert email on a phone, takes it back, then edits it in ReviewFlow', async ({
  page,
  client,
  browser,
  baseURL,
}) => {
  const created = await page.request.post('/api/locations', {
    data: { name: 'Dock Lane', address: '4 Dock Ln' },
  });
  const { publicLink } = (await created.json()) as { publicLink: string };
  const left = await page.request.post(`/api/public/review/${publicLink}`, {
    data: { rating: 2, content: 'The coffee was cold', name: 'Pia Lund' },
  });
  expect(left.ok()).toBe(true);
  const alert = await alertTo(client.email);

  // The link needs no sign-in: the owner opens it on their phone, from the email.
  const phone = await browser.newContext({ baseURL, viewport: { width: 375, height: 812 } });
  const mobile = await phone.newPage();
  await mobile.goto(alert.publish);
  await expect(mobile.getByRole('heading', { level: 1, name: 'Publish this reply?' })).toBeVisible();
  await expect(mobile.getByText('The coffee was cold')).toBeVisible();
  await expect(mobile.locator('blockquote').nth(1)).toHaveText(alert.suggestion);
  await expect(
    mobile.getByText('Private feedback is not published anywhere: the reply is saved in ReviewFlow.'),
  ).toBeVisible();
  expect(await mobile.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  for (const colorScheme of ['light', 'dark'] as const) {
    await mobile.emulateMedia({ colorScheme });
    const { violations } = await new AxeBuilder({ page: mobile })
      .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
      .analyze();
    expect(violations.map((v) => `${colorScheme}: ${v.id}`)).toEqual([]);
  }

  // By keyboard: the button is the first stop on the page.
  await mobile.keyboard.press('Tab');
  await expect(mobile.getByRole('button', { name: 'Publish this reply' })).toBeFocused();
  await mobile.keyboard.press('Enter');
  await expect(mobile.getByRole('heading', { level: 1, name: 'Reply saved' })).toBeVisible();
  await expect(mobile.getByText('Your reply is saved in ReviewFlow.')).toBeVisible();
  await expect(mobile.getByText(/You can take it back until \d\d:\d\d UTC\./)).toBeVisible();

  await mobile.getByRole('button', { name: 'Undo' }).click();
  await expect(mobile.getByRole('heading', { level: 1, name: 'Reply removed' })).toBeVisible();
  await expect(
    mobile.getByText('The reply was removed from ReviewFlow. The review is unanswered again.'),
  ).toBeVisible();
  await phone.close();

  // "Edit in ReviewFlow", signed in: the review opens with the email's words in the reply box.
  await page.goto(alert.edit);
  const dialog = page.getByRole('dialog', { name: 'Review Details' });
  await expect(dialog.getByRole('textbox', { name: 'Your response' })).toHaveValue(alert.suggestion);
  await expect(
    dialog.getByText('This is the reply from your alert email. Edit it, then submit.'),
  ).toBeVisible();
  await dialog
    .getByRole('textbox', { name: 'Your response' })
    .fill(`${alert.suggestion}\n\nSee you soon, Morgan`);
  await dialog.getByRole('button', { name: 'Submit Response' }).click();
  await expect(page.getByText('Response submitted', { exact: true })).toBeVisible();
});
