import { Download } from 'lucide-react';
import { useId } from 'react';

import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import type { QrCodeResponse } from '@shared/review-requests';

import { CopyLinkButton } from './copy-link-button';
import { downloadDataUrl } from './download';

/** A review link's QR code, the link to copy, and the PNG to download (seed-spec sections 2 and 8). */
export function QrCodeResult({ qr, fileName }: { qr: QrCodeResponse; fileName: string }) {
  const linkId = useId();
  return (
    <div className="grid gap-4">
      <img
        src={qr.qrCode}
        alt="QR code of the review link"
        className="mx-auto aspect-square w-full max-w-64 rounded-md border bg-white p-2"
      />
      <div className="flex min-w-0 items-center gap-2">
        <label htmlFor={linkId} className="sr-only">
          Review link
        </label>
        <Input
          id={linkId}
          readOnly
          value={qr.url}
          onFocus={(e) => e.currentTarget.select()}
          className="min-w-0"
        />
        <CopyLinkButton url={qr.url} />
      </div>
      <Button type="button" onClick={() => downloadDataUrl(qr.qrCode, fileName)}>
        <Download aria-hidden="true" />
        Download
      </Button>
    </div>
  );
}
