import { RefreshCw, RotateCcw, TriangleAlert } from 'lucide-react';

import { Button } from '@/components/ui/button';

interface ErrorFallbackProps {
  error: Error;
  onReset: () => void;
}

export const FALLBACK_MESSAGE =
  "We're sorry, but an unexpected error occurred. Please try again or contact support if the problem persists.";

/** The error screen (seed-spec sections 2 and 8). */
export function ErrorFallback({ error, onReset }: ErrorFallbackProps) {
  return (
    <div role="alert" className="flex min-h-[60vh] w-full items-center justify-center px-4 py-12">
      <div className="w-full max-w-lg rounded-xl border bg-card p-6 text-center shadow-sm sm:p-8">
        <span className="mx-auto flex size-12 items-center justify-center rounded-full bg-destructive/10 text-destructive">
          <TriangleAlert className="size-6" aria-hidden="true" />
        </span>
        <h2 className="mt-4 text-xl font-semibold tracking-tight">Something went wrong</h2>
        <p className="mt-3 break-words rounded-md bg-muted px-3 py-2 font-mono text-sm text-muted-foreground">
          {error.message || String(error)}
        </p>
        <p className="mt-4 text-sm text-muted-foreground">{FALLBACK_MESSAGE}</p>
        <div className="mt-6 flex flex-col-reverse justify-center gap-2 sm:flex-row">
          <Button variant="outline" onClick={() => window.location.reload()}>
            <RefreshCw aria-hidden="true" />
            Reload Page
          </Button>
          <Button onClick={onReset}>
            <RotateCcw aria-hidden="true" />
            Try Again
          </Button>
        </div>
      </div>
    </div>
  );
}
