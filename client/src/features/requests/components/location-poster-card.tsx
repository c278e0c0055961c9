import { Download, Printer } from 'lucide-react';
import { useState } from 'react';

import { useLocations } from '@/lib/locations';
import { markPosterShared } from '@/lib/poster-shared';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Input } from '@/components/ui/input';
import { Spinner } from '@/components/ui/spinner';
import { toast } from '@/components/ui/use-toast';

import { useLocationQr } from '../api/get-location-qr';
import { CopyLinkButton } from './copy-link-button';
import { LocationField } from './location-field';
import { downloadDataUrl } from './download';

const HEADLINE = 'Enjoyed your visit?';
const SUBLINE = 'Scan to leave us a review';

function loadImage(src: string): Promise<HTMLImageElement> {
  return new Promise((resolve, reject) => {
    const image = new Image();
    image.onload = () => resolve(image);
    image.onerror = () => reject(new Error('The QR code image could not be read'));
    image.src = src;
  });
}

/** An A4-proportioned PNG: the location's name, a call to action, the QR code and the link. */
async function renderPoster(name: string, qrCode: string, url: string): Promise<string> {
  const canvas = document.createElement('canvas');
  canvas.width = 1240;
  canvas.height = 1754;
  const ctx = canvas.getContext('2d');
  if (!ctx) throw new Error('Your browser cannot draw the poster');
  const qr = await loadImage(qrCode);
  ctx.fillStyle = '#ffffff';
  ctx.fillRect(0, 0, canvas.width, canvas.height);
  ctx.fillStyle = '#111827';
  ctx.textAlign = 'center';
  ctx.font = 'bold 96px system-ui, sans-serif';
  ctx.fillText(HEADLINE, 620, 260);
  ctx.font = '64px system-ui, sans-serif';
  ctx.fillText(SUBLINE, 620, 370);
  ctx.drawImage(qr, 220, 460, 800, 800);
  ctx.font = 'bold 72px system-ui, sans-serif';
  ctx.fillText(name, 620, 1400, 1100);
  ctx.fillStyle = '#4b5563';
  ctx.font = '32px system-ui, sans-serif';
  ctx.fillText(url, 620, 1500, 1140);
  return canvas.toDataURL('image/png');
}

const slug = (text: string) =>
  text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '') || 'location';

// Printing shows only the poster: everything else on the page is hidden from the printer.
const PRINT_CSS =
  '@media print { body * { visibility: hidden !important; } .rf-poster, .rf-poster * { visibility: visible !important; } .rf-poster { position: fixed; inset: 0; display: flex !important; } }';

/** The location's permanent QR code, for a poster at the counter (PRODUCT.md sections 5 and 7). */
export function LocationPosterCard() {
  const locations = useLocations();
  const [locationId, setLocationId] = useState<number | null>(null);
  const qr = useLocationQr(locationId);
  const location = locations.data?.find((l) => l.id === locationId);

  async function downloadPoster() {
    if (!qr.data || !location) return;
    try {
      downloadDataUrl(
        await renderPoster(location.name, qr.data.qrCode, qr.data.url),
        `review-poster-${slug(location.name)}.png`,
      );
      markPosterShared();
    } catch (error) {
      toast({ title: 'Error', description: (error as Error).message, variant: 'destructive' });
    }
  }

  return (
    <Card>
      <CardHeader>
        <CardTitle className="text-base">QR code poster</CardTitle>
        <CardDescription>
          A permanent code for your counter, table or receipt: anyone can scan it.
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        <LocationField
          id="poster-location"
          value={locationId ? String(locationId) : ''}
          onValueChange={(v) => setLocationId(Number(v))}
        />
        {locationId === null ? null : qr.isPending ? (
          <div className="flex justify-center py-8 text-primary">
            <Spinner label="Generating QR code…" />
          </div>
        ) : qr.isError ? (
          <p role="alert" className="text-sm text-destructive">
            Failed to generate QR code. Please try again.
          </p>
        ) : (
          <div className="grid gap-3">
            <img
              src={qr.data.qrCode}
              alt={`QR code for ${location?.name ?? 'the location'}`}
              className="mx-auto aspect-square w-full max-w-56 rounded-md border bg-white p-2"
            />
            <div className="flex items-center gap-2">
              <label htmlFor="poster-link" className="sr-only">
                Location review link
              </label>
              <Input
                id="poster-link"
                readOnly
                value={qr.data.url}
                onFocus={(e) => e.currentTarget.select()}
              />
              <CopyLinkButton url={qr.data.url} />
            </div>
            <div className="flex flex-wrap gap-2">
              <Button type="button" onClick={downloadPoster}>
                <Download aria-hidden="true" />
                Download poster
              </Button>
              <Button type="button" variant="outline" onClick={() => window.print()}>
                <Printer aria-hidden="true" />
                Print
              </Button>
            </div>
            <style>{PRINT_CSS}</style>
            <div className="rf-poster hidden flex-col items-center justify-center gap-6 bg-white p-12 text-center text-black">
              <p className="text-5xl font-bold">{HEADLINE}</p>
              <p className="text-3xl">{SUBLINE}</p>
              <img src={qr.data.qrCode} alt="" className="w-[60%]" />
              <p className="text-4xl font-bold">{location?.name}</p>
              <p className="text-lg">{qr.data.url}</p>
            </div>
          </div>
        )}
      </CardContent>
    </Card>
  );
}
