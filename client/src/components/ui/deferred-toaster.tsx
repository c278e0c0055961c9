import { lazy, Suspense, useState } from 'react';

import { useToast } from './use-toast';

// Radix toast loads with the first message, not with the app (issue 13: the app's first load).
const Toaster = lazy(() => import('./toaster').then((m) => ({ default: m.Toaster })));

/**
 * The app's toaster, mounted when the first toast is raised and kept from then on. The store (use-toast.ts)
 * is here from the start, so a toast raised before the toaster's code arrives shows as soon as it does.
 */
export function DeferredToaster() {
  const { toasts } = useToast();
  const [needed, setNeeded] = useState(false);
  if (!needed && toasts.length > 0) setNeeded(true);
  if (!needed && toasts.length === 0) return null;
  return (
    <Suspense fallback={null}>
      <Toaster />
    </Suspense>
  );
}
