import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';

import { findToast, renderWithProviders, screen, server, waitFor, within } from '@/testing/test-utils';

import { SendToManyCard } from '../send-to-many-card';

const contact = (id: number, name: string) => ({
  id,
  name,
  email: `${name.split(' ')[0]!.toLowerCase()}@example.com`,
  phone: null,
  tags: ['regulars'],
  optedOut: { email: false, sms: false, whatsapp: false },
});
const contacts = [contact(1, 'Ann Baker'), contact(2, 'Bob Cole'), contact(3, 'Cy Dale')];

const preview = {
  count: 2,
  skipped: [{ contactId: 3, name: 'Cy Dale', reason: 'Asked on 3 Mar by email: at most once every 30 days' }],
  message: {
    contactName: 'Ann Baker',
    subject: 'How was your visit to Sunrise Bakery?',
    body: 'Hi Ann,\n\nThank you for choosing Sunrise Bakery.\n\nhttp://localhost/review/sample-link',
  },
};

function useApi() {
  const calls: { preview: unknown[]; bulk: unknown[] } = { preview: [], bulk: [] };
  server.use(
    http.get('*/api/locations', () => HttpResponse.json([{ id: 3, name: 'Harbour Street' }])),
    http.get('*/api/contacts', () => HttpResponse.json(contacts)),
    http.get('*/api/channels', () =>
      HttpResponse.json({ email: { mode: 'smtp' }, sms: { mode: 'twilio' }, whatsapp: { mode: 'twilio' } }),
    ),
    http.post('*/api/review-requests/bulk/preview', async ({ request }) => {
      calls.preview.push(await request.json());
      return HttpResponse.json(preview);
    }),
    http.post('*/api/review-requests/bulk', async ({ request }) => {
      calls.bulk.push(await request.json());
      return HttpResponse.json({ created: 2, skipped: preview.skipped }, { status: 201 });
    }),
  );
  return calls;
}

async function choose(user: ReturnType<typeof renderWithProviders>['user'], label: string, option: string) {
  await user.click(screen.getByLabelText(label));
  await user.click(await screen.findByRole('option', { name: option }));
}

describe('SendToManyCard', () => {
  it('when the owner previews a tag send, then it shows the count, who is skipped and why, and the message, and sends only on "Send to 2 customers"', async () => {
    const calls = useApi();
    const { user } = renderWithProviders(<SendToManyCard />);
    await waitFor(() => expect(screen.getByLabelText('Location')).toBeEnabled());

    await choose(user, 'Location', 'Harbour Street');
    await choose(user, 'Method', 'Email');
    await user.click(screen.getByRole('tab', { name: 'Tag' }));
    await user.click(screen.getByRole('combobox', { name: 'Tag' }));
    await user.click(await screen.findByRole('option', { name: 'regulars' }));
    await user.click(screen.getByRole('button', { name: 'Preview for this tag' }));

    const panel = await screen.findByRole('region', { name: 'Preview' });
    expect(calls.preview).toEqual([{ locationId: 3, method: 'email', tag: 'regulars' }]);
    expect(calls.bulk).toEqual([]);
    expect(within(panel).getByText(/2 customers will be asked by Email\. 1 skipped:/)).toBeInTheDocument();
    expect(
      within(panel).getByText('Cy Dale: Asked on 3 Mar by email: at most once every 30 days'),
    ).toBeInTheDocument();
    expect(within(panel).getByText('What Ann Baker will read')).toBeInTheDocument();
    expect(within(panel).getByText('How was your visit to Sunrise Bakery?')).toBeInTheDocument();
    expect(within(panel).getByText(/Thank you for choosing Sunrise Bakery\./)).toBeInTheDocument();

    await user.click(within(panel).getByRole('button', { name: 'Send to 2 customers' }));

    expect(await findToast('Review requests created')).toBeInTheDocument();
    expect(calls.bulk).toEqual([{ locationId: 3, method: 'email', tag: 'regulars' }]);
    expect(screen.queryByRole('region', { name: 'Preview' })).not.toBeInTheDocument();
    expect(screen.getByText('2 requests queued to send, 1 skipped.')).toBeInTheDocument();
    expect(
      screen.getByText('Cy Dale: Asked on 3 Mar by email: at most once every 30 days'),
    ).toBeInTheDocument();
  });

  it('when the choices change after a preview, then the preview goes and nothing can be sent until a new one', async () => {
    const calls = useApi();
    const { user } = renderWithProviders(<SendToManyCard />);
    await waitFor(() => expect(screen.getByLabelText('Location')).toBeEnabled());

    await choose(user, 'Location', 'Harbour Street');
    await choose(user, 'Method', 'Email');
    await user.click(screen.getByRole('checkbox', { name: /Ann Baker/ }));
    await user.click(screen.getByRole('button', { name: 'Preview for 1 contact' }));
    expect(await screen.findByRole('region', { name: 'Preview' })).toBeInTheDocument();

    await user.click(screen.getByRole('checkbox', { name: /Bob Cole/ }));

    expect(screen.queryByRole('region', { name: 'Preview' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Send to/ })).not.toBeInTheDocument();
    expect(calls.bulk).toEqual([]);
  });
});
