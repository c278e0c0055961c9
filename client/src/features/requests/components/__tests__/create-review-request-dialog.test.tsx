import { http, HttpResponse } from 'msw';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';

import { findToast, renderWithProviders, screen, server, waitFor, within } from '@/testing/test-utils';

import { CreateReviewRequestDialog } from '../create-review-request-dialog';
import { QrCodeDialog } from '../qr-code-dialog';

const QR = 'data:image/png;base64,iVBORw0KGgo=';
const locations = [{ id: 3, name: 'Harbour Street' }];
const contacts = [
  {
    id: 7,
    name: 'Ana Lima',
    email: 'ana@example.com',
    phone: null,
    tags: [],
    optedOut: { email: null, sms: null, whatsapp: null },
  },
];

function useApi({ locationList = locations, contactList = contacts } = {}) {
  server.use(
    http.get('*/api/locations', () => HttpResponse.json(locationList)),
    http.get('*/api/contacts', () => HttpResponse.json(contactList)),
    http.get('*/api/channels', () =>
      HttpResponse.json({ email: { mode: 'outbox' }, sms: { mode: 'twilio' }, whatsapp: { mode: 'twilio' } }),
    ),
  );
}

function Harness() {
  const [open, setOpen] = useState(true);
  return <CreateReviewRequestDialog open={open} onOpenChange={setOpen} />;
}

async function choose(user: ReturnType<typeof renderWithProviders>['user'], label: string, option: string) {
  await user.click(screen.getByLabelText(label));
  await user.click(await screen.findByRole('option', { name: option }));
}

describe('CreateReviewRequestDialog', () => {
  it('when there are no locations or contacts, then both selects are disabled with a link to add one', async () => {
    useApi({ locationList: [], contactList: [] });
    renderWithProviders(<Harness />);

    expect(await screen.findByText(/No locations yet/)).toBeInTheDocument();
    expect(await screen.findByText(/No contacts yet/)).toBeInTheDocument();
    expect(screen.getByLabelText('Location')).toBeDisabled();
    expect(screen.getByLabelText('Contact')).toBeDisabled();
    expect(screen.getByLabelText('Method')).toBeEnabled();
    expect(screen.getByRole('link', { name: 'Add a location' })).toHaveAttribute(
      'href',
      '/settings?tab=locations',
    );
    expect(screen.getByRole('link', { name: 'Add a contact' })).toHaveAttribute('href', '/contacts');
  });

  it('when the lists are loading, then the selects are disabled', async () => {
    server.use(
      http.get('*/api/locations', () => new Promise(() => {})),
      http.get('*/api/contacts', () => new Promise(() => {})),
      http.get('*/api/channels', () => HttpResponse.json({})),
    );
    renderWithProviders(<Harness />);

    expect(screen.getByLabelText('Location')).toBeDisabled();
    expect(screen.getByLabelText('Contact')).toBeDisabled();
  });

  it('when submitted empty, then each select shows its spec message and nothing is sent', async () => {
    useApi();
    const sent = vi.fn();
    server.use(http.post('*/api/review-requests', () => (sent(), HttpResponse.json({}))));
    const { user } = renderWithProviders(<Harness />);
    await waitFor(() => expect(screen.getByLabelText('Location')).toBeEnabled());

    await user.click(screen.getByRole('button', { name: 'Send Request' }));

    expect(await screen.findByText('Please select a location')).toBeInTheDocument();
    expect(screen.getByText('Please select a contact')).toBeInTheDocument();
    expect(screen.getByText('Please select a method')).toBeInTheDocument();
    expect(screen.getByLabelText('Location')).toHaveAttribute('aria-invalid', 'true');
    expect(sent).not.toHaveBeenCalled();
  });

  it('when created with a chosen template, then it toasts, closes, and says the email is kept in the outbox, with its QR code', async () => {
    useApi();
    let body: unknown;
    server.use(
      http.get('*/api/templates', () =>
        HttpResponse.json([
          {
            id: 5,
            name: 'After a visit',
            channel: 'email',
            language: 'en',
            subject: 'Hi',
            body: '{{link}}',
            isDefault: false,
          },
          {
            id: 6,
            name: 'Short text',
            channel: 'sms',
            language: 'en',
            subject: null,
            body: '{{link}}',
            isDefault: false,
          },
        ]),
      ),
      http.post('*/api/review-requests', async ({ request }) => {
        body = await request.json();
        return HttpResponse.json({ id: 42, contactName: 'Ana Lima' }, { status: 201 });
      }),
      http.get('*/api/review-requests/42/qr', () =>
        HttpResponse.json({ qrCode: QR, url: 'http://localhost/review/abc' }),
      ),
    );
    const { user } = renderWithProviders(<Harness />);
    await waitFor(() => expect(screen.getByLabelText('Location')).toBeEnabled());

    await choose(user, 'Location', 'Harbour Street');
    await choose(user, 'Contact', 'Ana Lima');
    await choose(user, 'Method', 'Email');
    expect(
      screen.getByText('Email is in outbox mode: messages are kept in the outbox instead of being sent'),
    ).toBeInTheDocument();
    await user.click(screen.getByLabelText('Template'));
    expect(screen.queryByRole('option', { name: 'Short text' })).not.toBeInTheDocument();
    await user.click(await screen.findByRole('option', { name: 'After a visit' }));
    await user.click(screen.getByRole('button', { name: 'Send Request' }));

    expect(await findToast('Review request created')).toBeInTheDocument();
    expect(screen.getByText('The review request has been created successfully.')).toBeInTheDocument();
    expect(body).toEqual({ locationId: 3, contactId: 7, method: 'email', templateId: 5 });
    // Email has no provider here (outbox mode): the dialog says nothing is sent, instead of "queued".
    const qrDialog = await screen.findByRole('dialog', { name: 'Email request kept in the outbox' });
    expect(within(qrDialog).getByText(/nothing is sent to Ana Lima/)).toBeInTheDocument();
    expect(screen.queryByRole('dialog', { name: 'Send Review Request' })).not.toBeInTheDocument();
    expect(await within(qrDialog).findByRole('img', { name: 'QR code of the review link' })).toHaveAttribute(
      'src',
      QR,
    );
    expect(within(qrDialog).getByDisplayValue('http://localhost/review/abc')).toBeInTheDocument();
    expect(within(qrDialog).getByRole('button', { name: 'Download' })).toBeInTheDocument();
  });

  it('when the server refuses, then a destructive Error toast shows its message and the dialog stays', async () => {
    useApi();
    server.use(
      http.post('*/api/review-requests', () =>
        HttpResponse.json({ message: 'This contact has opted out of Email messages.' }, { status: 409 }),
      ),
    );
    const { user } = renderWithProviders(<Harness />);
    await waitFor(() => expect(screen.getByLabelText('Location')).toBeEnabled());

    await choose(user, 'Location', 'Harbour Street');
    await choose(user, 'Contact', 'Ana Lima');
    await choose(user, 'Method', 'Email');
    await user.click(screen.getByRole('button', { name: 'Send Request' }));

    expect(await findToast('Error')).toBeInTheDocument();
    expect(screen.getByText('This contact has opted out of Email messages.')).toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: 'Send Review Request' })).toBeInTheDocument();
  });

  it('when the server answers no message, then the toast shows the status line (spec error rule)', async () => {
    useApi();
    server.use(http.post('*/api/review-requests', () => new HttpResponse('', { status: 500 })));
    const { user } = renderWithProviders(<Harness />);
    await waitFor(() => expect(screen.getByLabelText('Location')).toBeEnabled());

    await choose(user, 'Location', 'Harbour Street');
    await choose(user, 'Contact', 'Ana Lima');
    await choose(user, 'Method', 'SMS');
    await user.click(screen.getByRole('button', { name: 'Send Request' }));

    expect(await findToast('Error')).toBeInTheDocument();
    expect(screen.getByText('500: Internal Server Error')).toBeInTheDocument();
  });

  it('when a recently asked contact is chosen, then "Asked on 3 Mar by email" shows and the request goes only once the owner ticks to ask again', async () => {
    useApi();
    const bodies: unknown[] = [];
    server.use(
      http.get('*/api/review-requests/last-asked', ({ request }) =>
        HttpResponse.json(
          new URL(request.url).searchParams.get('contactId') === '7'
            ? { askedAt: '2026-03-03T12:00:00.000Z', method: 'email', windowDays: 30 }
            : null,
        ),
      ),
      http.post('*/api/review-requests', async ({ request }) => {
        bodies.push(await request.json());
        return HttpResponse.json({ id: 43, contactName: 'Ana Lima' }, { status: 201 });
      }),
      http.get('*/api/review-requests/43/qr', () =>
        HttpResponse.json({ qrCode: QR, url: 'http://localhost/review/def' }),
      ),
    );
    const { user } = renderWithProviders(<Harness />);
    await waitFor(() => expect(screen.getByLabelText('Location')).toBeEnabled());

    await choose(user, 'Location', 'Harbour Street');
    await choose(user, 'Contact', 'Ana Lima');
    await choose(user, 'Method', 'Email');
    expect(await screen.findByText(/^Asked on 3 Mar( 2026)? by email\.$/)).toBeInTheDocument();
    expect(screen.getByText(/Each customer is asked at most once every 30 days/)).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Send Request' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Tick this to ask them again, or choose another contact.',
    );
    expect(bodies).toEqual([]);

    // By keyboard: Tab reaches the box, Space ticks it.
    const box = screen.getByRole('checkbox', { name: 'Ask them again anyway' });
    box.focus();
    await user.keyboard(' ');
    expect(box).toBeChecked();
    await user.click(screen.getByRole('button', { name: 'Send Request' }));

    expect(await findToast('Review request created')).toBeInTheDocument();
    expect(bodies).toEqual([{ locationId: 3, contactId: 7, method: 'email', confirmRecentAsk: true }]);
  });
});

describe('QrCodeDialog', () => {
  it('when the QR code fails to load, then the Error toast shows and the dialog closes', async () => {
    server.use(
      http.get('*/api/review-requests/9/qr', () => HttpResponse.json({ message: 'nope' }, { status: 500 })),
    );
    const onOpenChange = vi.fn();

    renderWithProviders(<QrCodeDialog requestId={9} open onOpenChange={onOpenChange} />);

    expect(screen.getByRole('dialog', { name: 'Generated QR Code' })).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('Generating QR code…');
    expect(await findToast('Error')).toBeInTheDocument();
    expect(screen.getByText('Failed to generate QR code. Please try again.')).toBeInTheDocument();
    expect(onOpenChange).toHaveBeenCalledWith(false);
  });
});
