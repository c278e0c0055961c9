import { expect, test } from './fixtures';

const CSV = [
  'name,email,phone,tags',
  'Ann Lee,ann@example.com,(213) 373-4253,vip',
  'Bo Smith,,+44 7911 123456,',
  'Broken Row,not-an-email,,',
].join('\n');

test('a client imports contacts from a CSV file, edits one, and adds a location', async ({
  page,
  client,
}) => {
  expect(client.email).toBeTruthy();
  await page.goto('/contacts');
  await expect(page.getByRole('heading', { level: 1, name: 'Contacts' })).toBeVisible();
  await expect(page.getByText('No contacts yet')).toBeVisible();

  // Import through the dialog.
  await page.getByRole('button', { name: 'Import CSV' }).click();
  const importDialog = page.getByRole('dialog', { name: 'Import contacts' });
  await importDialog.getByLabel('CSV file').setInputFiles({
    name: 'contacts.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from(CSV),
  });
  await importDialog.getByRole('button', { name: 'Import' }).click();

  const report = importDialog.getByRole('region', { name: 'Import report' });
  await expect(report.getByText('2 created, 0 updated, 1 skipped of 3 rows.')).toBeVisible();
  await expect(report.getByRole('cell', { name: 'Invalid email', exact: true })).toBeVisible();
  await importDialog.getByRole('button', { name: 'Done' }).click();

  const table = page.getByRole('table', { name: 'Contacts' });
  await expect(table.getByRole('cell', { name: 'Ann Lee', exact: true })).toBeVisible();
  await expect(table.getByRole('cell', { name: 'Bo Smith', exact: true })).toBeVisible();
  await expect(table.getByRole('cell', { name: '+1 213 373 4253', exact: true })).toBeVisible();
  await expect(table.getByRole('cell', { name: 'Broken Row', exact: true })).toHaveCount(0);

  // Edit one: rename and opt out of SMS.
  await page.getByRole('button', { name: 'Edit Ann Lee' }).click();
  const editDialog = page.getByRole('dialog', { name: 'Edit contact' });
  await editDialog.getByLabel('Name').fill('Ann Lee-Smith');
  await editDialog.getByRole('checkbox', { name: 'No SMS' }).check();
  await editDialog.getByRole('button', { name: 'Save changes' }).click();
  await expect(editDialog).toBeHidden();
  await expect(table.getByRole('cell', { name: 'Ann Lee-Smith', exact: true })).toBeVisible();
  await expect(table.getByText('No SMS')).toBeVisible();

  // Search narrows the list.
  await page.getByRole('searchbox', { name: 'Search contacts' }).fill('bo s');
  await expect(table.getByRole('cell', { name: 'Ann Lee-Smith', exact: true })).toBeHidden();
  await expect(table.getByRole('cell', { name: 'Bo Smith', exact: true })).toBeVisible();

  // Settings > Locations: add one; its public link shows.
  await page.goto('/settings?tab=locations');
  await expect(page.getByRole('tab', { name: 'Locations', selected: true })).toBeVisible();
  await page.getByRole('button', { name: 'Add location' }).click();
  const locationDialog = page.getByRole('dialog', { name: 'Add location' });
  await locationDialog.getByLabel('Location name').fill('Harbour Street');
  await locationDialog.getByLabel('Google review link').fill('http://not-https.example.com');
  await locationDialog.getByRole('button', { name: 'Add location' }).click();
  await expect(locationDialog.getByText('Please enter a full https:// link')).toBeVisible();
  await locationDialog.getByLabel('Google review link').fill('https://g.page/r/harbour-street/review');
  await locationDialog.getByRole('button', { name: 'Add location' }).click();
  await expect(locationDialog).toBeHidden();

  const locations = page.getByRole('list', { name: 'Locations' });
  await expect(locations.getByRole('heading', { name: 'Harbour Street' })).toBeVisible();
  await expect(locations.getByLabel('Public review link')).toHaveValue(/\/review\/[\w-]{22}$/);

  // Integrations shows the location, not connected, with its Connect button.
  await page.getByRole('tab', { name: 'Integrations' }).click();
  await expect(page.getByRole('link', { name: 'Connect Google' })).toHaveAttribute(
    'href',
    /\/api\/integrations\/google\/connect\?locationId=\d+$/,
  );
});
