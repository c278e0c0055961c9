import { readFile } from 'node:fs/promises';
import { expect, test } from './fixtures';

test.describe('Get Reviews', () => {
  test('a client sends a review request, gets its QR code as a PNG, and sees it kept in the outbox', async ({
    page,
    client,
  }) => {
    expect(client.email).toBeTruthy();
    const location = await page.request.post('/api/locations', { data: { name: 'Harbour Street' } });
    expect(location.status()).toBe(201);
    const contact = await page.request.post('/api/contacts', {
      data: { name: 'Ana Lima', email: 'ana.lima@example.com' },
    });
    expect(contact.status()).toBe(201);

    await page.goto('/get-reviews');
    await expect(page.getByRole('heading', { level: 1, name: 'Get Reviews' })).toBeVisible();
    await page.getByRole('button', { name: 'Send Review Requests' }).click();

    const form = page.getByRole('dialog', { name: 'Send Review Request' });
    await form.getByRole('button', { name: 'Send Request' }).click();
    await expect(form.getByText('Please select a location')).toBeVisible();
    await expect(form.getByText('Please select a contact')).toBeVisible();
    await expect(form.getByText('Please select a method')).toBeVisible();

    await form.getByLabel('Location').click();
    await page.getByRole('option', { name: 'Harbour Street' }).click();
    await form.getByLabel('Contact').click();
    await page.getByRole('option', { name: 'Ana Lima' }).click();
    await form.getByLabel('Method').click();
    await page.getByRole('option', { name: 'Email' }).click();
    await expect(
      form.getByText('Email is in outbox mode: messages are kept in the outbox instead of being sent'),
    ).toBeVisible();
    await form.getByRole('button', { name: 'Send Request' }).click();

    await expect(page.getByText('Review request created', { exact: true })).toBeVisible();
    const qr = page.getByRole('dialog', { name: 'Email request kept in the outbox' });
    await expect(qr.getByRole('img', { name: 'QR code of the review link' })).toBeVisible();
    await expect(qr.getByRole('textbox', { name: 'Review link' })).toHaveValue(
      /\/review\/[A-Za-z0-9_-]{22}$/,
    );

    const downloading = page.waitForEvent('download');
    await qr.getByRole('button', { name: 'Download' }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toMatch(/^review-request-\d+\.png$/);
    const png = await readFile((await download.path())!);
    expect([...png.subarray(0, 4)]).toEqual([0x89, 0x50, 0x4e, 0x47]);

    await page.keyboard.press('Escape');
    const row = page.getByRole('row', { name: /Ana Lima/ });
    await expect(row).toBeVisible();
    await expect(row.getByText('Harbour Street')).toBeVisible();
    // The worker keeps it in the outbox (no SMTP here) and the status says so; the list polls while queued.
    await expect(row.getByText('Not sent: no email provider configured', { exact: true })).toBeVisible({
      timeout: 20_000,
    });
  });

  test('the location poster shows the permanent QR code and link', async ({ page, client }) => {
    expect(client.email).toBeTruthy();
    const res = await page.request.post('/api/locations', { data: { name: 'Quay Side' } });
    expect(res.status()).toBe(201);

    await page.goto('/get-reviews');
    await page.getByLabel('Location', { exact: true }).last().click();
    await page.getByRole('option', { name: 'Quay Side' }).click();

    await expect(page.getByRole('img', { name: 'QR code for Quay Side' })).toBeVisible();
    await expect(page.getByRole('textbox', { name: 'Location review link' })).toHaveValue(/\/review\/\S+$/);
    const downloading = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Download poster' }).click();
    expect((await downloading).suggestedFilename()).toBe('review-poster-quay-side.png');
  });
});
