import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';

import { render, renderWithProviders, screen, server, within } from '@/testing/test-utils';
import type { ImportResult } from '@shared/contacts';

import { ImportContactsDialog } from '../import-contacts-dialog';
import { ImportReport } from '../import-report';

const result: ImportResult = {
  created: 2,
  updated: 1,
  skipped: 2,
  truncated: false,
  rows: [
    { line: 2, status: 'created' },
    { line: 3, status: 'updated' },
    { line: 4, status: 'skipped', reason: 'Duplicate of line 2 in this file' },
    { line: 5, status: 'created' },
    { line: 6, status: 'skipped', reason: 'Invalid phone' },
  ],
};

describe('ImportReport', () => {
  it('when an import finished, then it shows the three counts and each row, skipped ones first with reasons', () => {
    render(<ImportReport result={result} />);

    expect(screen.getByTestId('import-created')).toHaveTextContent('2');
    expect(screen.getByTestId('import-updated')).toHaveTextContent('1');
    expect(screen.getByTestId('import-skipped')).toHaveTextContent('2');
    expect(screen.getByRole('status')).toHaveTextContent('2 created, 1 updated, 2 skipped of 5 rows.');
    const rows = within(screen.getByRole('table')).getAllByRole('row').slice(1);
    expect(rows.map((row) => row.textContent)).toEqual([
      '4SkippedDuplicate of line 2 in this file',
      '6SkippedInvalid phone',
      '2Created',
      '3Updated',
      '5Created',
    ]);
    expect(screen.queryByText(/Only the first/)).not.toBeInTheDocument();
  }, 20_000);

  it('when an import replaced phones or emails, then it says so above the rows and each row lists its changes, right after the skipped ones', () => {
    const changed: ImportResult = {
      created: 1,
      updated: 2,
      skipped: 1,
      truncated: false,
      rows: [
        { line: 2, status: 'created' },
        { line: 3, status: 'updated' },
        {
          line: 4,
          status: 'updated',
          changes: [
            'Phone changed from +447911123456 to +447911123457',
            'Email changed from a@example.com to b@example.com',
          ],
        },
        { line: 5, status: 'skipped', reason: 'Could not be read: a quoted value is never closed' },
      ],
    };

    render(<ImportReport result={changed} />);

    expect(
      screen.getByText('1 existing contact had a phone or email replaced by the file: see the rows below.'),
    ).toBeInTheDocument();
    const rows = within(screen.getByRole('table')).getAllByRole('row').slice(1);
    expect(rows.map((row) => row.textContent)).toEqual([
      '5SkippedCould not be read: a quoted value is never closed',
      '4UpdatedPhone changed from +447911123456 to +447911123457Email changed from a@example.com to b@example.com',
      '2Created',
      '3Updated',
    ]);
    expect(
      within(screen.getByRole('table')).getByRole('columnheader', { name: 'Details' }),
    ).toBeInTheDocument();
  });

  it('when the report was capped, then it says the counts still cover the whole file', () => {
    render(<ImportReport result={{ ...result, created: 20_000, truncated: true }} />);

    expect(screen.getByTestId('import-created')).toHaveTextContent('20,000');
    expect(screen.getByText(/Only the first 5 rows are listed/)).toBeInTheDocument();
  });
});

describe('ImportContactsDialog', () => {
  it('when a file is uploaded, then it is sent with the country and the report replaces the form', async () => {
    let received: { country: string | null; file: string } | undefined;
    server.use(
      http.post('*/api/contacts/import', async ({ request }) => {
        const form = await request.formData();
        const file = form.get('file') as File;
        received = { country: new URL(request.url).searchParams.get('country'), file: await file.text() };
        return HttpResponse.json(result);
      }),
      http.get('*/api/contacts*', () => HttpResponse.json([])),
    );
    const { user } = renderWithProviders(<ImportContactsDialog open onOpenChange={() => {}} />);

    await user.upload(
      screen.getByLabelText('CSV file'),
      new File(['name,email,phone\nAnn,ann@example.com,\n'], 'contacts.csv', { type: 'text/csv' }),
    );
    await user.click(screen.getByRole('button', { name: 'Import' }));

    expect(await screen.findByRole('region', { name: 'Import report' })).toBeInTheDocument();
    expect(received).toEqual({ country: 'US', file: 'name,email,phone\nAnn,ann@example.com,\n' });
    expect(screen.getByText('Invalid phone')).toBeInTheDocument();
  }, 20_000);

  it('when the server refuses the file, then its reason shows next to the file input', async () => {
    server.use(
      http.post('*/api/contacts/import', () =>
        HttpResponse.json(
          { message: 'The CSV file could not be read at line 3: a quoted value is never closed.' },
          { status: 400 },
        ),
      ),
    );
    const { user } = renderWithProviders(<ImportContactsDialog open onOpenChange={() => {}} />);

    await user.upload(screen.getByLabelText('CSV file'), new File(['x'], 'bad.csv', { type: 'text/csv' }));
    await user.click(screen.getByRole('button', { name: 'Import' }));

    expect(await screen.findByText(/never closed/)).toBeInTheDocument();
    expect(screen.getByLabelText('CSV file')).toHaveAttribute('aria-invalid', 'true');
  }, 20_000);
});
