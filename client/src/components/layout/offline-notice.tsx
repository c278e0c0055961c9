import { WifiOff } from 'lucide-react';

import { useOnline } from '@/lib/online';

/** Above every signed-in screen while the browser has no network: what is shown may be out of date. */
export function OfflineBanner() {
  const online = useOnline();
  if (online) return null;
  return (
    <div
      role="status"
      className="flex items-center justify-center gap-2 bg-amber-100 px-4 py-2 text-sm text-amber-950"
    >
      <WifiOff aria-hidden className="h-4 w-4 shrink-0" />
      <span>
        <strong className="font-semibold">You are offline.</strong> Changes wait until you are back online.
      </span>
    </div>
  );
}

/** The whole page when the app opens without a network and cannot know who is signed in yet. */
export function OfflinePage() {
  return (
    <div
      role="status"
      className="flex min-h-[50vh] w-full flex-1 flex-col items-center justify-center gap-2 px-4 py-16 text-center"
    >
      <WifiOff aria-hidden className="h-8 w-8 text-muted-foreground" />
      <h1 className="text-lg font-semibold">You are offline</h1>
      <p className="text-sm text-muted-foreground">ReviewFlow opens as soon as you are back online.</p>
    </div>
  );
}
