import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';

import { DEFAULT_TEMPLATES } from '@shared/templates';
import { findToast, renderWithProviders, screen, server, waitFor, within } from '@/testing/test-utils';

import { TemplatesPage } from '../templates-page';

const builtIns = (['email', 'sms', 'whatsapp'] as const).map((channel) => ({
  id: null,
  channel,
  ...DEFAULT_TEMPLATES[channel],
  language: 'en',
  isDefault: true,
  builtIn: true,
  createdAt: null,
  updatedAt: null,
}));

describe('TemplatesPage', () => {
  it('when an SMS template is written, then the preview adds the opt-out words and counts characters and segments as it changes', async () => {
    server.use(http.get('*/api/templates', () => HttpResponse.json(builtIns)));
    const { user } = renderWithProviders(<TemplatesPage />);

    await user.click(await screen.findByRole('tab', { name: 'SMS' }));
    await user.click(screen.getByRole('button', { name: 'New SMS template' }));
    const dialog = await screen.findByRole('dialog', { name: 'New template' });
    const body = within(dialog).getByLabelText('Message');
    await user.clear(body);
    await user.type(body, 'Hi ');
    await user.click(within(dialog).getByRole('button', { name: '{{name}}' }));
    // The dialog gives the caret back after the placeholder on the next frame: typing waits for it.
    await waitFor(() => expect(body).toHaveFocus());
    await user.keyboard(' ');
    await user.click(within(dialog).getByRole('button', { name: '{{link}}' }));

    const text = `Hi Jordan ${window.location.origin}/review/sample-link\nReply STOP to opt out.`;
    const counter = within(dialog).getByTestId('sms-counter');
    expect(within(dialog).getByText(text.replace('\n', ' '))).toBeInTheDocument();
    expect(counter).toHaveTextContent(`${text.length} characters · 1 segment · GSM-7`);

    await user.click(body);
    await user.paste('x'.repeat(161 - text.length));
    expect(counter).toHaveTextContent('161 characters · 2 segments · GSM-7');

    await user.paste('ł');
    expect(counter).toHaveTextContent('162 characters · 3 segments · UCS-2');
  });

  it('when the message says STOP its own way, then the preview adds nothing', async () => {
    server.use(http.get('*/api/templates', () => HttpResponse.json(builtIns)));
    const { user } = renderWithProviders(<TemplatesPage />);

    await user.click(await screen.findByRole('tab', { name: 'WhatsApp' }));
    await user.click(screen.getByRole('button', { name: 'New WhatsApp template' }));
    const dialog = await screen.findByRole('dialog', { name: 'New template' });
    const body = within(dialog).getByLabelText('Message');
    await user.clear(body);
    await user.click(body);
    await user.paste('{{link}} Text stop to end');

    const preview = within(dialog).getByRole('region', { name: 'Preview' });
    expect(
      within(preview).getByText(`${window.location.origin}/review/sample-link Text stop to end`),
    ).toBeInTheDocument();
    expect(within(preview).queryByText(/Reply STOP to opt out/)).not.toBeInTheDocument();
    expect(body).toHaveAccessibleDescription(
      'Unless your message says STOP, “Reply STOP to opt out.” is added at the end.',
    );
  });

  it('when the message has an unknown placeholder, then the field names it and the allowed ones, and nothing is sent', async () => {
    let calls = 0;
    server.use(
      http.get('*/api/templates', () => HttpResponse.json(builtIns)),
      http.post('*/api/templates', () => {
        calls += 1;
        return HttpResponse.json({ id: 5 }, { status: 201 });
      }),
    );
    const { user } = renderWithProviders(<TemplatesPage />);

    await user.click(await screen.findByRole('tab', { name: 'SMS' }));
    await user.click(screen.getByRole('button', { name: 'New SMS template' }));
    const dialog = await screen.findByRole('dialog', { name: 'New template' });
    await user.type(within(dialog).getByLabelText('Name'), 'Warm');
    const body = within(dialog).getByLabelText('Message');
    await user.clear(body);
    await user.click(body);
    await user.paste('Hi {{unknown}}, {{link}}');
    await user.click(within(dialog).getByRole('button', { name: 'Save template' }));

    const message = 'Unknown placeholder {{unknown}}. Use {{name}}, {{business}} or {{link}}.';
    expect(await within(dialog).findByText(message)).toBeInTheDocument();
    expect(body).toHaveAccessibleDescription(expect.stringContaining(message));
    expect(calls).toBe(0);
  });

  it('when the API refuses the message, then its reason shows under the field', async () => {
    const message = 'Unknown placeholder {{city}}. Use {{name}}, {{business}} or {{link}}.';
    server.use(
      http.get('*/api/templates', () => HttpResponse.json(builtIns)),
      http.post('*/api/templates', () =>
        HttpResponse.json({ message, details: { body: [message] } }, { status: 400 }),
      ),
    );
    const { user } = renderWithProviders(<TemplatesPage />);

    await user.click(await screen.findByRole('button', { name: 'Customize Default email' }));
    const dialog = await screen.findByRole('dialog', { name: 'New template' });
    await user.type(within(dialog).getByLabelText('Name'), 'Warm');
    await user.click(within(dialog).getByRole('button', { name: 'Save template' }));

    expect(await within(dialog).findByText(message)).toBeInTheDocument();
    expect(within(dialog).getByLabelText('Message')).toHaveAccessibleDescription(
      expect.stringContaining(message),
    );
  });

  it('when saved without {{link}}, then the shared rule shows and nothing is sent; with it, the template is created', async () => {
    let body: unknown;
    server.use(
      http.get('*/api/templates', () => HttpResponse.json(builtIns)),
      http.post('*/api/templates', async ({ request }) => {
        body = await request.json();
        return HttpResponse.json({ id: 5 }, { status: 201 });
      }),
    );
    const { user } = renderWithProviders(<TemplatesPage />);

    await user.click(await screen.findByRole('button', { name: 'New Email template' }));
    const dialog = await screen.findByRole('dialog', { name: 'New template' });
    await user.type(within(dialog).getByLabelText('Name'), 'Warm');
    const message = within(dialog).getByLabelText('Message');
    await user.clear(message);
    await user.type(message, 'Thanks!');
    await user.click(within(dialog).getByRole('button', { name: 'Save template' }));

    expect(
      await within(dialog).findByText('The message must include the {{link}} placeholder'),
    ).toBeInTheDocument();
    expect(body).toBeUndefined();

    await user.click(within(dialog).getByRole('button', { name: '{{link}}' }));
    await user.click(within(dialog).getByRole('button', { name: 'Save template' }));

    expect(await findToast('Template saved')).toBeInTheDocument();
    expect(body).toMatchObject({
      name: 'Warm',
      channel: 'email',
      subject: DEFAULT_TEMPLATES.email.subject,
      isDefault: false,
    });
    expect((body as { body: string }).body).toContain('{{link}}');
  });

  it('when a built-in template is customized, then the form starts from its text as the default', async () => {
    server.use(http.get('*/api/templates', () => HttpResponse.json(builtIns)));
    const { user } = renderWithProviders(<TemplatesPage />);

    await user.click(await screen.findByRole('button', { name: 'Customize Default email' }));

    const dialog = await screen.findByRole('dialog', { name: 'New template' });
    expect(within(dialog).getByLabelText('Subject')).toHaveValue(DEFAULT_TEMPLATES.email.subject);
    expect(within(dialog).getByRole('switch')).toHaveAttribute('aria-checked', 'true');
  });
  it("when a new template's language is set to German, then it starts from the German built-in text and the preview adds German opt-out words; the language is saved", async () => {
    let body: unknown;
    server.use(
      http.get('*/api/templates', () => HttpResponse.json(builtIns)),
      http.post('*/api/templates', async ({ request }) => {
        body = await request.json();
        return HttpResponse.json({ id: 7 }, { status: 201 });
      }),
    );
    const { user } = renderWithProviders(<TemplatesPage />);
    await user.click(await screen.findByRole('tab', { name: 'SMS' }));
    await user.click(screen.getByRole('button', { name: 'New SMS template' }));
    const dialog = await screen.findByRole('dialog', { name: 'New template' });

    await user.selectOptions(within(dialog).getByLabelText("Customers' language"), 'de');

    const message = within(dialog).getByLabelText('Message');
    await waitFor(() =>
      expect((message as HTMLTextAreaElement).value).toContain('Hallo {{name}}, danke für Ihren Besuch'),
    );
    await user.clear(message);
    await user.type(message, 'Danke! ');
    await user.click(within(dialog).getByRole('button', { name: '{{link}}' }));
    // The caret comes back to the message on the next frame: the name is typed once it has, not into the message.
    await waitFor(() => expect(message).toHaveFocus());
    expect(
      within(dialog).getByText(
        `Danke! ${window.location.origin}/review/sample-link Antworten Sie STOP zum Abmelden.`,
      ),
    ).toBeInTheDocument();
    expect(within(dialog).getByText('Use as the default for SMS in German')).toBeInTheDocument();

    await user.type(within(dialog).getByLabelText('Name'), 'Kurz');
    await user.click(within(dialog).getByRole('button', { name: 'Save template' }));

    expect(await findToast('Template saved')).toBeInTheDocument();
    expect(body).toMatchObject({ name: 'Kurz', channel: 'sms', language: 'de' });
  });
});
