import { http, HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';

import { renderWithProviders, screen, server, waitFor } from '@/testing/test-utils';
import type { Contact } from '@shared/contacts';

import { ContactForm } from '../contact-form-dialog';

function contactFrom(body: Partial<Contact>, id = 1): Contact {
  return {
    id,
    timeZone: null,
    language: body.language ?? null,
    name: body.name ?? '',
    email: body.email ?? null,
    phone: body.phone ?? null,
    phoneDisplay: body.phone ?? null,
    tags: body.tags ?? [],
    optedOut: { email: null, sms: null, whatsapp: null },
    createdAt: '2026-01-01T00:00:00.000Z',
    updatedAt: '2026-01-01T00:00:00.000Z',
  };
}

describe('ContactForm', () => {
  it('when submitted empty, then the name and reachability messages show and nothing is sent', async () => {
    const onDone = vi.fn();
    const { user } = renderWithProviders(<ContactForm onDone={onDone} />);

    await user.click(screen.getByRole('button', { name: 'Add contact' }));

    expect(await screen.findByText('Please enter a name')).toBeInTheDocument();
    expect(screen.getByText('Please enter an email or a phone number')).toBeInTheDocument();
    expect(screen.getByLabelText('Name')).toHaveAttribute('aria-invalid', 'true');
    expect(onDone).not.toHaveBeenCalled();
  }, 20_000);

  it('when the email or phone is malformed, then each field says so', async () => {
    const { user } = renderWithProviders(<ContactForm onDone={() => {}} />);

    await user.type(screen.getByLabelText('Name'), 'Ann');
    await user.type(screen.getByLabelText('Email'), 'not-an-email');
    await user.type(screen.getByLabelText('Phone'), '12');
    await user.click(screen.getByRole('button', { name: 'Add contact' }));

    expect(await screen.findByText('Please enter a valid email address.')).toBeInTheDocument();
    expect(screen.getByText('Please enter a valid phone number, e.g. +1 213 373 4253')).toBeInTheDocument();
  }, 20_000);

  it('when valid, then it posts the normalised contact with its tags and opt-outs, and closes', async () => {
    let sent: unknown;
    server.use(
      http.post('*/api/contacts', async ({ request }) => {
        sent = await request.json();
        return HttpResponse.json(contactFrom(sent as Partial<Contact>), { status: 201 });
      }),
      http.get('*/api/contacts*', () => HttpResponse.json([])),
    );
    const onDone = vi.fn();
    const { user } = renderWithProviders(<ContactForm onDone={onDone} />);

    await user.type(screen.getByLabelText('Name'), '  Ann Lee ');
    await user.type(screen.getByLabelText('Phone'), '(213) 373-4253');
    await user.type(screen.getByLabelText('Tags'), 'vip{Enter}dental,');
    await user.click(screen.getByRole('checkbox', { name: 'No SMS' }));
    await user.click(screen.getByRole('button', { name: 'Add contact' }));

    await waitFor(() => expect(onDone).toHaveBeenCalled());
    expect(sent).toEqual({
      name: 'Ann Lee',
      email: null,
      phone: '+12133734253',
      tags: ['vip', 'dental'],
      timeZone: null,
      language: null,
      optedOut: { email: false, sms: true, whatsapp: false },
    });
  }, 20_000);

  it('when the server says the email is taken, then the message shows under the email', async () => {
    server.use(
      http.post('*/api/contacts', () =>
        HttpResponse.json(
          { message: 'Another contact already has this email', code: 'email_taken' },
          { status: 409 },
        ),
      ),
    );
    const onDone = vi.fn();
    const { user } = renderWithProviders(<ContactForm onDone={onDone} />);

    await user.type(screen.getByLabelText('Name'), 'Ann');
    await user.type(screen.getByLabelText('Email'), 'ann@example.com');
    await user.click(screen.getByRole('button', { name: 'Add contact' }));

    expect(await screen.findByText('Another contact already has this email')).toBeInTheDocument();
    expect(screen.getByLabelText('Email')).toHaveAttribute('aria-invalid', 'true');
    expect(onDone).not.toHaveBeenCalled();
  }, 20_000);

  it('when editing, then the fields start from the contact and a tag chip can be removed', async () => {
    const contact = contactFrom(
      { name: 'Bo', email: 'bo@example.com', phone: '+447911123456', tags: ['old', 'keep'] },
      9,
    );
    let sent: unknown;
    server.use(
      http.patch('*/api/contacts/9', async ({ request }) => {
        sent = await request.json();
        return HttpResponse.json(contact);
      }),
      http.get('*/api/contacts*', () => HttpResponse.json([])),
    );
    const onDone = vi.fn();
    const { user } = renderWithProviders(<ContactForm contact={contact} onDone={onDone} />);

    expect(screen.getByLabelText('Phone')).toHaveValue('+44 7911 123456');
    await user.click(screen.getByRole('button', { name: 'Remove tag old' }));
    await user.click(screen.getByRole('button', { name: 'Save changes' }));

    await waitFor(() => expect(onDone).toHaveBeenCalled());
    expect(sent).toMatchObject({
      name: 'Bo',
      email: 'bo@example.com',
      phone: '+447911123456',
      tags: ['keep'],
    });
  }, 20_000);
});

describe('ContactForm re-subscribing someone who opted out themselves', () => {
  it('when the server asks why, then the form asks for a reason, requires it, and sends it', async () => {
    const stopped: Contact = {
      ...contactFrom({ name: 'Sam Reed', phone: '+447911123456' }, 9),
      optedOut: { email: null, sms: '2026-03-01T10:00:00.000Z', whatsapp: null },
    };
    const bodies: Record<string, unknown>[] = [];
    server.use(
      http.get('*/api/contacts/9/consent', () =>
        HttpResponse.json([
          {
            id: 2,
            channel: 'sms',
            kind: 'opt_out',
            source: 'sms_stop',
            reason: null,
            createdAt: '2026-03-01T10:00:00.000Z',
          },
          {
            id: 1,
            channel: 'sms',
            kind: 'consent',
            source: 'manual',
            reason: null,
            createdAt: '2026-01-01T10:00:00.000Z',
          },
        ]),
      ),
      http.patch('*/api/contacts/9', async ({ request }) => {
        const body = (await request.json()) as Record<string, unknown>;
        bodies.push(body);
        if (!body.optInReason)
          return HttpResponse.json(
            {
              message:
                'This person opted out themselves by replying STOP. Say why they may be contacted again to re-subscribe them.',
              code: 'opt_in_reason_required',
            },
            { status: 409 },
          );
        return HttpResponse.json({ ...stopped, optedOut: { email: null, sms: null, whatsapp: null } });
      }),
    );
    const onDone = vi.fn();
    const { user } = renderWithProviders(<ContactForm contact={stopped} onDone={onDone} />);
    expect(await screen.findByText(/Opted out of SMS: they replied STOP/)).toBeInTheDocument();

    await user.click(screen.getByLabelText('No SMS'));
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    const reason = await screen.findByLabelText('Why may they be contacted again?');
    expect(screen.getByText(/opted out themselves by replying STOP/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText('Please say why this person may be contacted again')).toBeInTheDocument();
    expect(bodies).toHaveLength(1);

    await user.type(reason, 'Asked us in the shop to text them again');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));

    await waitFor(() => expect(onDone).toHaveBeenCalled());
    expect(bodies[1]).toMatchObject({ optInReason: 'Asked us in the shop to text them again' });
  }, 20_000);
});
