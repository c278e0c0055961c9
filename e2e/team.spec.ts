import { randomBytes } from 'node:crypto';
import type { Page } from '@playwright/test';
import { expect, linkFromMail, signUpViaApi, test } from './fixtures';

// Runs on the app server that sends real mail (project chromium-smtp): the invitation comes from the SMTP server.

/** A location of the owner's, with one review left on its public page. */
async function locationWithReview(page: Page, name: string, review: { name: string; content: string }) {
  const created = await page.request.post('/api/locations', { data: { name, address: `1 ${name}` } });
  expect(created.status()).toBe(201);
  const { publicLink } = (await created.json()) as { publicLink: string };
  const left = await page.request.post(`/api/public/review/${publicLink}`, {
    data: { rating: 4, ...review },
  });
  expect(left.ok()).toBe(true);
}

test('an owner invites a manager for one location, who joins by the emailed link, sees only that location and is signed out when removed', async ({
  page,
  browser,
  baseURL,
}) => {
  // Two sign-ups' password hashing, an email round trip and two browsers.
  test.setTimeout(120_000);
  await signUpViaApi(page);
  await locationWithReview(page, 'Harbour Front', { name: 'Ava Stone', content: 'Lovely flat white' });
  await locationWithReview(page, 'Old Town', { name: 'Ben Price', content: 'The toast was cold' });
  const memberEmail = `member-${randomBytes(4).toString('hex')}@e2e.test`;

  // The owner fills in the invitation with the keyboard alone.
  await page.goto('/settings?tab=team');
  const invite = page.locator('form').filter({ has: page.getByRole('button', { name: 'Send invitation' }) });
  await expect(invite).toBeVisible();
  await invite.getByLabel('Email').focus();
  await page.keyboard.type(memberEmail);
  await page.keyboard.press('Tab');
  await expect(invite.getByLabel('Role')).toBeFocused();
  // Responder is the default; Manager is the one above it.
  await page.keyboard.press('ArrowUp');
  await expect(invite.getByLabel('Role')).toHaveValue('manager');
  await expect(
    invite.getByText('Reviews, review requests, contacts, templates and locations.'),
  ).toBeVisible();
  await page.keyboard.press('Tab');
  await expect(invite.getByRole('checkbox', { name: 'Harbour Front' })).toBeFocused();
  await page.keyboard.press('Space');
  await expect(invite.getByRole('checkbox', { name: 'Harbour Front' })).toBeChecked();
  await expect(invite.getByRole('checkbox', { name: 'Old Town' })).not.toBeChecked();
  await page.keyboard.press('Tab');
  await page.keyboard.press('Tab');
  await expect(invite.getByRole('button', { name: 'Send invitation' })).toBeFocused();
  await page.keyboard.press('Enter');

  await expect(page.getByText('Invitation sent', { exact: true })).toBeVisible();
  const waiting = page.getByRole('list', { name: 'Waiting invitations' });
  await expect(waiting).toContainText(memberEmail);
  await expect(waiting).toContainText('Manager · link valid until');

  // The invitee, in a browser of their own, follows the link from the email on a phone-sized screen.
  const link = await linkFromMail(memberEmail, /https?:\/\/\S+\/invite\/[\w-]+/);
  const memberContext = await browser.newContext({ baseURL, viewport: { width: 375, height: 812 } });
  const member = await memberContext.newPage();
  await member.goto(link);
  await expect(member.getByRole('heading', { level: 1, name: /^Join Harbour Coffee / })).toBeVisible({
    timeout: 15_000,
  });
  await expect(member.getByText('You are invited as manager')).toBeVisible();
  // Nothing wider than the phone: no sideways scrolling on the invitation page.
  expect(await member.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  for (const field of [member.getByLabel('Your name'), member.getByLabel('Choose a password')]) {
    const box = (await field.boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(375);
  }
  await expect(member.getByLabel('Email')).toHaveValue(memberEmail);
  await member.getByLabel('Your name').fill('Sam');
  await member.getByLabel('Choose a password').fill('member-password');
  await member.getByRole('button', { name: 'Create login and join' }).click();

  // A manager lands on the client's dashboard, in the client's area.
  await expect(member).toHaveURL(/\/dashboard$/, { timeout: 15_000 });
  await expect(member.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
  await member.setViewportSize({ width: 1280, height: 900 });

  // Only the Harbour Front review: the one at Old Town is not theirs to see.
  await member.getByRole('link', { name: 'Reviews', exact: true }).click();
  await expect(member.getByText('Showing 1 to 1 of 1 results')).toBeVisible();
  await expect(member.getByRole('table')).toContainText('Ava Stone');
  await expect(member.getByRole('table')).not.toContainText('Ben Price');
  await member.getByRole('searchbox', { name: 'Search reviews' }).fill('toast');
  await expect(member.getByText('No reviews found matching your filter criteria.')).toBeVisible();

  // Settings without the owner's tabs; the team and billing pages send a manager back home.
  await member.getByRole('link', { name: 'Settings', exact: true }).click();
  await expect(member.getByRole('tab', { name: 'Profile' })).toBeVisible();
  await expect(member.getByRole('tab', { name: 'Locations' })).toBeVisible();
  await expect(member.getByRole('tab', { name: 'Team' })).toHaveCount(0);
  await expect(member.getByRole('tab', { name: 'Plan' })).toHaveCount(0);
  await member.goto('/settings?tab=team');
  await expect(member.getByRole('tab', { name: 'Profile' })).toHaveAttribute('aria-selected', 'true');
  await expect(member.getByRole('button', { name: 'Send invitation' })).toHaveCount(0);
  await member.goto('/subscribe');
  await expect(member).toHaveURL(/\/dashboard$/);
  // And the server refuses them billing whatever the screen shows.
  const billing = await member.request.post('/api/billing/portal');
  expect(billing.status()).toBe(403);

  // Back on the reviews while the owner...
  await member.getByRole('link', { name: 'Reviews', exact: true }).click();
  await expect(member.getByRole('table')).toContainText('Ava Stone');

  // ...sees the new member with their location, and removes them.
  await page.reload();
  const members = page.getByRole('list', { name: 'Team members' });
  await expect(members).toContainText(memberEmail, { timeout: 15_000 });
  await expect(members).toContainText('Harbour Front');
  await expect(members).not.toContainText('Old Town');
  await members.getByRole('button', { name: `Remove ${memberEmail}` }).click();
  const confirm = page.getByRole('alertdialog', { name: `Remove ${memberEmail}?` });
  await confirm.getByRole('button', { name: 'Remove member' }).click();
  await expect(page.getByText('Member removed', { exact: true })).toBeVisible();
  await expect(page.getByText('No team members yet: only you use this account.')).toBeVisible();

  // The member's next step that asks the server finds the session gone and asks them to sign in; nothing of
  // the business stays on their screen. The bell's 30-second poll may find it first and leave no search box
  // to fill; either way the member ends on the sign-in page.
  await member
    .getByRole('searchbox', { name: 'Search reviews' })
    .fill('Ava', { timeout: 5_000 })
    .catch(() => undefined);
  await expect(member).toHaveURL(/\/auth$/);
  await expect(member.getByText('Ava Stone')).toHaveCount(0);
  await expect(member.getByRole('tabpanel').getByRole('button', { name: 'Sign in' })).toBeVisible();
  await memberContext.close();
});
