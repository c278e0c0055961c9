import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';

import { renderWithProviders, screen, server, within } from '@/testing/test-utils';

import { GenerateLinkDialog } from '../generate-link-dialog';

const QR = 'data:image/png;base64,iVBORw0KGgo=';

describe('GenerateLinkDialog', () => {
  it('when a one-off link is asked for, then it shows that link and its QR code without any contact', async () => {
    let body: unknown;
    server.use(
      http.get('*/api/locations', () =>
        HttpResponse.json([
          { id: 3, name: 'Harbour Street' },
          { id: 4, name: 'Mill Lane' },
        ]),
      ),
      http.post('*/api/review-requests/link', async ({ request }) => {
        body = await request.json();
        return HttpResponse.json(
          { qrCode: QR, url: 'http://localhost/review/one-off', request: { id: 9 } },
          { status: 201 },
        );
      }),
    );
    const { user } = renderWithProviders(<GenerateLinkDialog open onOpenChange={() => {}} />);
    const dialog = await screen.findByRole('dialog', { name: 'Generate Review Link' });
    expect(within(dialog).getByRole('button', { name: 'One-off link' })).toBeDisabled();

    await user.click(within(dialog).getByLabelText('Location'));
    await user.click(await screen.findByRole('option', { name: 'Mill Lane' }));
    await user.click(within(dialog).getByRole('button', { name: 'One-off link' }));

    const result = await within(dialog).findByRole('region', { name: 'Generated QR Code' });
    expect(body).toEqual({ locationId: 4 });
    expect(within(result).getByRole('img', { name: 'QR code of the review link' })).toHaveAttribute(
      'src',
      QR,
    );
    expect(within(result).getByDisplayValue('http://localhost/review/one-off')).toBeInTheDocument();
    expect(within(dialog).queryByLabelText('Contact')).not.toBeInTheDocument();
  });

  it("when the location's permanent link is asked for, then its poster link and QR code show", async () => {
    server.use(
      http.get('*/api/locations', () => HttpResponse.json([{ id: 3, name: 'Harbour Street' }])),
      http.get('*/api/locations/3/qr', () =>
        HttpResponse.json({ qrCode: QR, url: 'http://localhost/review/permanent' }),
      ),
    );
    const { user } = renderWithProviders(<GenerateLinkDialog open onOpenChange={() => {}} />);
    const dialog = await screen.findByRole('dialog', { name: 'Generate Review Link' });

    // The only location is chosen already.
    await user.click(await within(dialog).findByRole('button', { name: "Location's permanent link" }));

    expect(await within(dialog).findByDisplayValue('http://localhost/review/permanent')).toBeInTheDocument();
  });
});
