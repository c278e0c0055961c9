import { expect, test } from './fixtures';

test('a client sends themselves a test email; with SMTP unconfigured it is kept in the outbox and shown', async ({
  page,
  client,
}) => {
  await page.goto('/email-test');

  await expect(page.getByRole('heading', { name: 'Email Test', level: 1 })).toBeVisible();
  const channels = page.getByRole('list', { name: 'Channels' });
  await expect(channels.getByRole('listitem').first()).toContainText('Outbox mode');

  await page.getByRole('button', { name: 'Send test email' }).click();

  const result = page.getByRole('region', { name: 'Test email result' });
  await expect(result).toContainText(`Test email for ${client.email} saved to the outbox`);
  await expect(result).toContainText(`[Test] How was your visit to ${client.companyName}?`);
  await expect(result).toContainText(`Hi ${client.firstName},`);
});
