import { lazy, Suspense } from 'react';

import { useOpenedOnce } from '@/lib/use-opened-once';

import type { ConfirmDialogProps } from './confirm-dialog-content';

export type { ConfirmDialogProps };

const ConfirmDialogContent = lazy(() =>
  import('./confirm-dialog-content').then((m) => ({ default: m.ConfirmDialog })),
);

/**
 * The one confirmation for an action that cannot be taken back (./confirm-dialog-content.tsx). A screen shows it
 * rarely, so its dialog code loads when it first opens, not with the screen (issue 43, the first load).
 */
export function ConfirmDialog(props: ConfirmDialogProps) {
  const opened = useOpenedOnce(props.open);
  if (!opened) return null;
  return (
    <Suspense fallback={null}>
      <ConfirmDialogContent {...props} />
    </Suspense>
  );
}
