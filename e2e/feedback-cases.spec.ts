import { randomBytes } from 'node:crypto';
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { expect, mailTo, pathOf, test } from './fixtures';

// Runs on the app server that sends real mail (project chromium-smtp): the owner's reply reaches the customer.

/** No accessibility violations in light and dark. */
async function expectAccessible(page: Page) {
  for (const colorScheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme });
    const { violations } = await new AxeBuilder({ page })
      .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
      .analyze();
    expect(violations.map((v) => `${colorScheme}: ${v.id}`)).toEqual([]);
  }
}

test('a 2-star customer we asked gets the owner’s reply by email, answers on their phone, and the case closes', async ({
  page,
  browser,
  baseURL,
  client: _client,
}) => {
  const tag = randomBytes(4).toString('hex');
  const email = `nora-${tag}@example.com`;
  const location = await page.request.post('/api/locations', {
    data: { name: 'Quay Street', address: '2 Quay St' },
  });
  expect(location.status()).toBe(201);
  const contact = await page.request.post('/api/contacts', { data: { name: 'Nora Quinn', email } });
  expect(contact.status()).toBe(201);
  const request = await page.request.post('/api/review-requests', {
    data: {
      locationId: ((await location.json()) as { id: number }).id,
      contactId: (await contact.json()).id,
      method: 'email',
    },
  });
  expect(request.status(), await request.text()).toBe(201);
  const { uniqueLink } = (await request.json()) as { uniqueLink: string };
  const rated = await page.request.post(`/api/public/review/${uniqueLink}`, {
    data: { rating: 2, content: 'We waited forty minutes for a cold soup' },
  });
  expect(rated.ok()).toBe(true);

  // The case is listed on Reviews, the business's turn.
  await page.goto('/reviews');
  const cases = page.getByRole('region', { name: 'Feedback cases' });
  await expect(cases.getByRole('button', { name: 'Open (1)' })).toHaveAttribute('aria-pressed', 'true');
  // On a phone too: the cases fit the screen and pass the accessibility checks.
  await page.setViewportSize({ width: 375, height: 812 });
  await expect(cases.getByRole('button', { name: /Nora Quinn/ })).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  await expectAccessible(page);
  await page.setViewportSize({ width: 1280, height: 800 });
  await cases.getByRole('button', { name: /Nora Quinn/ }).click();
  const dialog = page.getByRole('dialog', { name: 'Review Details' });
  await expect(dialog.getByText('Your reply will be sent to Nora Quinn by email.')).toBeVisible();
  await dialog
    .getByRole('textbox', { name: 'Your response' })
    .fill('We are so sorry, Nora. Your next lunch is on us.');
  await dialog.getByRole('button', { name: 'Submit Response' }).click();
  await expect(dialog.getByText('Sent by email')).toBeVisible();
  await expect(dialog.getByText('Waiting for customer').first()).toBeVisible();

  // The customer reads it on their phone, from the email, and answers.
  const mail = await mailTo(email, (t) => t.includes('answered the feedback you left'));
  expect(mail).toContain('We are so sorry, Nora. Your next lunch is on us.');
  const link = pathOf(mail.match(/Read it and answer here: (\S+)/)![1]!);
  const phone = await browser.newContext({ baseURL, viewport: { width: 375, height: 812 } });
  const mobile = await phone.newPage();
  await mobile.goto(link);
  await expect(mobile.getByRole('heading', { level: 1, name: /Your feedback to/ })).toBeVisible();
  await expect(mobile.getByText('We waited forty minutes for a cold soup')).toBeVisible();
  await expect(mobile.getByText('We are so sorry, Nora. Your next lunch is on us.')).toBeVisible();
  expect(await mobile.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  await expectAccessible(mobile);
  // By keyboard: the answer box, then its button.
  await mobile.getByRole('textbox', { name: 'Your answer' }).focus();
  await mobile.keyboard.type('Thank you, see you on Friday');
  await mobile.keyboard.press('Tab');
  await expect(mobile.getByRole('button', { name: 'Send answer' })).toBeFocused();
  await mobile.keyboard.press('Enter');
  await expect(mobile.getByText(/has your answer\./)).toBeVisible();
  await expect(mobile.getByText('Thank you, see you on Friday')).toBeVisible();
  await phone.close();

  // The owner's turn again: the answer is in the conversation; they resolve the case.
  await page.goto('/reviews');
  await expect(cases.getByText('Customer answered')).toBeVisible();
  await cases.getByRole('button', { name: /Nora Quinn/ }).click();
  await expect(dialog.getByText('Thank you, see you on Friday')).toBeVisible();
  await expectAccessible(page);
  await dialog.getByRole('button', { name: 'Mark resolved' }).click();
  await expect(page.getByText('Case resolved', { exact: true }).first()).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Reopen' })).toBeVisible();
  await page.keyboard.press('Escape');
  await cases.getByRole('button', { name: 'Resolved (1)' }).click();
  await expect(cases.getByRole('button', { name: /Nora Quinn/ })).toBeVisible();
});
