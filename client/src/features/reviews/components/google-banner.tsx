import { CheckCircle2, Download, Link2, X } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'wouter';

import { Button } from '@/components/ui/button';
import { useTenant } from '@/lib/tenant';

import { isGoogleConnected, useLocations } from '@/lib/locations';

/** Dismissed for the rest of the browser session (seed-spec section 4). */
export const GOOGLE_BANNER_KEY = 'reviewflow.googleBannerDismissed';

function readDismissed(): boolean {
  try {
    return window.sessionStorage.getItem(GOOGLE_BANNER_KEY) === 'true';
  } catch {
    return false;
  }
}

interface GoogleBannerProps {
  onImport: () => void;
  importing: boolean;
}

/** Connected: a nudge to import. Not connected: a prompt to connect in the integrations settings. */
export function GoogleBanner({ onImport, importing }: GoogleBannerProps) {
  const { routeBase } = useTenant();
  const locations = useLocations();
  const [dismissed, setDismissed] = useState(readDismissed);

  if (dismissed || locations.isPending) return null;
  const connected = (locations.data ?? []).some(isGoogleConnected);

  const dismiss = () => {
    try {
      window.sessionStorage.setItem(GOOGLE_BANNER_KEY, 'true');
    } catch {
      // Storage blocked: the banner still hides for this page view.
    }
    setDismissed(true);
  };

  return (
    <section
      aria-label="Google Business Profile"
      className="relative flex flex-col gap-3 rounded-xl border bg-card p-4 pr-12 shadow-sm sm:flex-row sm:items-center"
    >
      {connected ? (
        <CheckCircle2 className="size-6 shrink-0 text-emerald-600 dark:text-emerald-400" aria-hidden="true" />
      ) : (
        <Link2 className="size-6 shrink-0 text-primary" aria-hidden="true" />
      )}
      <div className="grid flex-1 gap-0.5">
        <p className="text-sm font-semibold">
          {connected ? 'Google Business Profile connected' : 'Connect your Google Business Profile'}
        </p>
        <p className="text-sm text-muted-foreground">
          {connected
            ? 'Bring your latest Google reviews in and answer them from here.'
            : 'Import your Google reviews and reply to them without leaving ReviewFlow.'}
        </p>
      </div>
      {connected ? (
        <Button size="sm" variant="outline" onClick={onImport} disabled={importing}>
          <Download aria-hidden="true" />
          {importing ? 'Importing...' : 'Import now'}
        </Button>
      ) : (
        <Button size="sm" variant="outline" asChild>
          <Link href={`${routeBase}/integrations`}>Connect Google</Link>
        </Button>
      )}
      <button
        type="button"
        onClick={dismiss}
        aria-label="Dismiss Google banner"
        className="absolute right-3 top-3 rounded-sm p-1 opacity-70 transition-opacity hover:opacity-100 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
      >
        <X className="size-4" aria-hidden="true" />
      </button>
    </section>
  );
}
