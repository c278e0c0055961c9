import QRCode from 'qrcode';
import type { QrCodeResponse } from '@shared/schemas/review-requests';

/** A PNG data URL, legible when printed or scanned off a screen (seed-spec section 3: qrCode and url). */
export async function qrCodeFor(url: string): Promise<QrCodeResponse> {
  const qrCode = await QRCode.toDataURL(url, {
    errorCorrectionLevel: 'M',
    margin: 2,
    width: 512,
    type: 'image/png',
  });
  return { qrCode, url };
}
