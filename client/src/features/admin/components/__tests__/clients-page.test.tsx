import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';

import { renderWithProviders, screen, server, waitFor, within } from '@/testing/test-utils';
import type { AdminClientRow } from '@shared/admin';

import { ClientsPage } from '../clients-page';

function client(id: number, overrides: Partial<AdminClientRow> = {}): AdminClientRow {
  return {
    id,
    companyName: `Company ${id}`,
    firstName: `Owner${id}`,
    email: `owner${id}@example.com`,
    plan: null,
    reviews: id,
    createdAt: '2026-03-05T10:00:00.000Z',
    disabledAt: null,
    status: 'active',
    ...overrides,
  };
}

const ALL = Array.from({ length: 23 }, (_, i) => client(23 - i));

/** A fake of GET /api/admin/clients that searches and pages like the server, recording each call. */
function clientsApi() {
  const calls: URLSearchParams[] = [];
  server.use(
    http.get('*/api/admin/clients', ({ request }) => {
      const params = new URL(request.url).searchParams;
      calls.push(params);
      const q = (params.get('q') ?? '').toLowerCase();
      const page = Number(params.get('page'));
      const pageSize = Number(params.get('pageSize'));
      const matching = ALL.filter(
        (c) => !q || `${c.companyName} ${c.firstName} ${c.email}`.toLowerCase().includes(q),
      );
      return HttpResponse.json(matching.slice((page - 1) * pageSize, page * pageSize), {
        headers: { 'X-Total-Count': String(matching.length) },
      });
    }),
    http.get('*/api/admin/plans', () => HttpResponse.json([])),
  );
  return calls;
}

describe('ClientsPage', () => {
  it('when it loads, then it shows the first page of clients with every column and the total', async () => {
    clientsApi();
    server.use(
      http.get('*/api/admin/clients', () =>
        HttpResponse.json(
          [
            client(7, {
              plan: { id: 2, name: 'Growth', archived: false },
              status: 'disabled',
              disabledAt: '2026-03-06T00:00:00Z',
            }),
          ],
          { headers: { 'X-Total-Count': '1' } },
        ),
      ),
    );
    renderWithProviders(<ClientsPage />);

    const row = (await screen.findByRole('cell', { name: 'Company 7' })).closest('tr')!;
    const cells = within(row)
      .getAllByRole('cell')
      .map((cell) => cell.textContent);
    expect(cells.slice(0, 7)).toEqual([
      'Company 7',
      'Owner7',
      'owner7@example.com',
      'Growth',
      '7',
      'Mar 5, 2026',
      'Disabled',
    ]);
    expect(within(row).getByRole('link', { name: 'View Company 7' })).toHaveAttribute(
      'href',
      '/admin/client/7',
    );
    expect(within(row).getByRole('button', { name: 'Enable Company 7' })).toBeInTheDocument();
    expect(screen.getByText('Showing 1 to 1 of 1 results')).toBeInTheDocument();
  });

  it('when a client has no paid plan assigned, then the Plan column reads Free, never "No plan"', async () => {
    clientsApi();
    server.use(
      http.get('*/api/admin/clients', () =>
        HttpResponse.json([client(8, { plan: null })], { headers: { 'X-Total-Count': '1' } }),
      ),
    );
    renderWithProviders(<ClientsPage />);

    const row = (await screen.findByRole('cell', { name: 'Company 8' })).closest('tr')!;
    expect(within(row).getAllByRole('cell')[3]).toHaveTextContent(/^Free$/);
    expect(screen.queryByText('No plan')).not.toBeInTheDocument();
  });

  it('when the admin pages and then searches, then the server is asked for that page and the search restarts at page 1', async () => {
    const calls = clientsApi();
    const { user } = renderWithProviders(<ClientsPage />);

    expect(await screen.findByText('Showing 1 to 10 of 23 results')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Next page' }));
    expect(await screen.findByText('Showing 11 to 20 of 23 results')).toBeInTheDocument();
    expect(screen.getByRole('cell', { name: 'Company 13' })).toBeInTheDocument();

    await user.type(screen.getByRole('searchbox', { name: 'Search clients' }), 'owner2');

    await waitFor(() => expect(screen.getByText('Showing 1 to 5 of 5 results')).toBeInTheDocument());
    const last = calls[calls.length - 1]!;
    expect(last.get('q')).toBe('owner2');
    expect(last.get('page')).toBe('1');
    expect(screen.getAllByRole('row')).toHaveLength(6); // header + Owner2, Owner20..23
  }, 20_000);

  it('when nothing matches, then it says so', async () => {
    clientsApi();
    const { user } = renderWithProviders(<ClientsPage />);
    await screen.findByText('Showing 1 to 10 of 23 results');

    await user.type(screen.getByRole('searchbox', { name: 'Search clients' }), 'zzz');

    expect(await screen.findByText('No clients match your search')).toBeInTheDocument();
  });

  it('when deleting, then the delete button stays disabled until the company name is typed', async () => {
    clientsApi();
    let deleted: string | undefined;
    server.use(
      http.delete('*/api/admin/clients/:id', ({ params }) => {
        deleted = String(params.id);
        return new HttpResponse(null, { status: 204 });
      }),
    );
    const { user } = renderWithProviders(<ClientsPage />);

    await user.click(await screen.findByRole('button', { name: 'Delete Company 23' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Delete Company 23?' });
    const confirm = within(dialog).getByRole('button', { name: 'Delete client' });
    expect(confirm).toBeDisabled();
    await user.type(within(dialog).getByRole('textbox'), 'Company 2');
    expect(confirm).toBeDisabled();
    await user.type(within(dialog).getByRole('textbox'), '3');
    await user.click(confirm);

    await waitFor(() => expect(deleted).toBe('23'));
  });
});
