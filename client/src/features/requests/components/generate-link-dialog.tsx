import { Link2, QrCode } from 'lucide-react';
import { useState } from 'react';

import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Spinner } from '@/components/ui/spinner';
import { toast } from '@/components/ui/use-toast';
import type { QrCodeResponse } from '@shared/review-requests';

import { LocationField } from './location-field';
import { useCreateReviewLink, type ReviewLinkKind } from '../api/create-review-link';
import { QrCodeResult } from './qr-code-result';
import { useLocations } from '@/lib/locations';

interface GenerateLinkDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

/**
 * Generate Review Link: a link and QR code for a customer in front of you, with no contact and no message.
 * The location's permanent link (for a poster or a receipt) or a one-off link that is tracked as a request.
 */
export function GenerateLinkDialog({ open, onOpenChange }: GenerateLinkDialogProps) {
  const locations = useLocations();
  const create = useCreateReviewLink();
  const [locationId, setLocationId] = useState('');
  const [result, setResult] = useState<{ kind: ReviewLinkKind; qr: QrCodeResponse } | null>(null);
  const list = locations.data ?? [];
  const onlyLocation = list.length === 1 ? String(list[0]!.id) : '';
  const chosen = locationId || onlyLocation;

  function generate(kind: ReviewLinkKind) {
    if (!chosen) return;
    create.mutate(
      { kind, locationId: Number(chosen) },
      {
        onSuccess: (qr) => setResult({ kind, qr }),
        onError: () =>
          toast({
            title: 'Error',
            description: 'Failed to generate QR code. Please try again.',
            variant: 'destructive',
          }),
      },
    );
  }

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (!next) setResult(null);
        onOpenChange(next);
      }}
    >
      <DialogContent className="sm:max-w-md">
        <DialogHeader>
          <DialogTitle>Generate Review Link</DialogTitle>
          <DialogDescription>
            A link and QR code for a customer in front of you. No contact needed, nothing is sent.
          </DialogDescription>
        </DialogHeader>
        <div className="grid gap-4">
          <LocationField
            id="link-location"
            value={chosen}
            onValueChange={(value) => {
              setLocationId(value);
              setResult(null);
            }}
          />
          <div className="grid gap-2 sm:grid-cols-2">
            <Button
              type="button"
              variant="outline"
              disabled={!chosen || create.isPending}
              onClick={() => generate('one-off')}
            >
              <Link2 aria-hidden="true" />
              One-off link
            </Button>
            <Button
              type="button"
              variant="outline"
              disabled={!chosen || create.isPending}
              onClick={() => generate('location')}
            >
              <QrCode aria-hidden="true" />
              Location&apos;s permanent link
            </Button>
          </div>
          {create.isPending ? (
            <div className="flex justify-center py-6 text-primary">
              <Spinner size="lg" label="Generating QR code…" />
            </div>
          ) : null}
          {result ? (
            <section aria-labelledby="generated-link-heading" className="grid gap-3 rounded-lg border p-3">
              <h3 id="generated-link-heading" className="font-medium">
                Generated QR Code
              </h3>
              <p className="text-sm text-muted-foreground">
                {result.kind === 'one-off'
                  ? 'A link of its own: you see in Get Reviews when it is opened and used.'
                  : 'The location’s permanent link: print it on a poster or a receipt.'}
              </p>
              <QrCodeResult qr={result.qr} fileName="review-link.png" />
            </section>
          ) : null}
        </div>
      </DialogContent>
    </Dialog>
  );
}
