import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';

import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Spinner } from '@/components/ui/spinner';
import { toast } from '@/components/ui/use-toast';
import { useTenant } from '@/lib/tenant';

import { getReviewRequestQrQueryOptions, useReviewRequestQr } from '../api/get-review-request-qr';
import { QrCodeResult } from './qr-code-result';

interface QrCodeDialogProps {
  requestId: number | null;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** After a message was queued the dialog confirms it; else it is the Generated QR Code dialog. */
  title?: string;
  description?: string;
}

/** The Generated QR Code dialog (seed-spec sections 2, 4 and 8): loading, then shown; on failure it closes. */
export function QrCodeDialog({ requestId, open, onOpenChange, title, description }: QrCodeDialogProps) {
  const { apiBase } = useTenant();
  const queryClient = useQueryClient();
  const qr = useReviewRequestQr(requestId, open);

  useEffect(() => {
    if (!open || !qr.isError || requestId === null) return;
    toast({
      title: 'Error',
      description: 'Failed to generate QR code. Please try again.',
      variant: 'destructive',
    });
    // Forget the failure so opening the dialog again tries again.
    queryClient.removeQueries({ queryKey: getReviewRequestQrQueryOptions(apiBase, requestId).queryKey });
    onOpenChange(false);
  }, [open, qr.isError, requestId, apiBase, queryClient, onOpenChange]);

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="sm:max-w-md">
        <DialogHeader>
          <DialogTitle>{title ?? 'Generated QR Code'}</DialogTitle>
          <DialogDescription>
            {description ?? 'Your customer scans this code or opens the link to leave a review.'}
          </DialogDescription>
        </DialogHeader>
        {qr.data ? (
          <QrCodeResult qr={qr.data} fileName={`review-request-${requestId}.png`} />
        ) : (
          <div className="flex justify-center py-12 text-primary">
            <Spinner size="lg" label="Generating QR code…" />
          </div>
        )}
      </DialogContent>
    </Dialog>
  );
}
