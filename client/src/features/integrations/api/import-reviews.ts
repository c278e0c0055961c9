import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import type { Provider, SyncRun } from '@shared/integrations';

import { toast } from '@/components/ui/use-toast';
import { apiRequest, getJson } from '@/lib/api-client';
import { invalidate } from '@/lib/invalidate';
import { useTenant } from '@/lib/tenant';

/** How often a running import is looked at. */
export const SYNC_POLL_MS = 1000;

/** The spec's toasts for Google (seed-spec section 8), and their Facebook twins. */
export const IMPORT_TEXTS: Record<
  Provider,
  { button: string; done: string; doneText: (n: number) => string; failed: string }
> = {
  google: {
    button: 'Import Google Reviews',
    done: 'Google reviews imported',
    doneText: (n) => `Successfully imported ${n} reviews from Google Business Profile.`,
    failed: 'Failed to import Google reviews. Please try again.',
  },
  facebook: {
    button: 'Import Facebook Reviews',
    done: 'Facebook reviews imported',
    doneText: (n) => `Successfully imported ${n} reviews from Facebook.`,
    failed: 'Failed to import Facebook reviews. Please try again.',
  },
};

/** POST .../import-reviews queues the import (the server never imports inside the request). */
export function startImport(apiBase: string, provider: Provider): Promise<SyncRun> {
  return apiRequest<SyncRun>('POST', `${apiBase}/integrations/${provider}/import-reviews`);
}

const isFinished = (run: SyncRun | undefined) => run?.status === 'done' || run?.status === 'failed';

/**
 * The Import button's life: queue an import, follow it while the job queue runs it, then say how it
 * went with the spec's toasts and refresh every screen that shows reviews.
 */
export function useImportReviews(provider: Provider) {
  const { apiBase } = useTenant();
  const queryClient = useQueryClient();
  const [runId, setRunId] = useState<number | null>(null);
  const announced = useRef<number | null>(null);
  const texts = IMPORT_TEXTS[provider];

  const start = useMutation({
    mutationFn: () => startImport(apiBase, provider),
    onSuccess: (run) => setRunId(run.id),
    onError: (error) =>
      toast({ title: 'Import failed', description: error.message || texts.failed, variant: 'destructive' }),
  });

  const url = `${apiBase}/integrations/sync-runs/${runId}`;
  const run = useQuery({
    queryKey: [url],
    queryFn: ({ signal }) => getJson<SyncRun>(url, { signal }),
    enabled: runId !== null,
    staleTime: 0,
    refetchInterval: (query) => (isFinished(query.state.data) ? false : SYNC_POLL_MS),
  });

  const current = run.data ?? start.data;
  useEffect(() => {
    if (!current || !isFinished(current) || announced.current === current.id) return;
    announced.current = current.id;
    void invalidate(queryClient, apiBase, 'reviews', 'integrations');
    if (current.status === 'done') {
      toast({ title: texts.done, description: texts.doneText(current.imported) });
    } else {
      toast({ title: 'Import failed', description: current.error || texts.failed, variant: 'destructive' });
    }
  }, [current, apiBase, queryClient, texts]);

  const importing = start.isPending || (runId !== null && !isFinished(current));
  return {
    start: () => start.mutate(),
    importing,
    run: runId !== null ? current : undefined,
    /** A short progress line while the import runs ("Waiting to start", "12 imported so far", a retry). */
    progress: importing ? progressText(current) : null,
  };
}

function progressText(run: SyncRun | undefined): string {
  if (!run || (run.status === 'queued' && !run.error)) return 'Import queued…';
  if (run.status === 'queued') return run.error ?? 'Waiting to try again…';
  return run.imported > 0 ? `Importing… ${run.imported} so far` : 'Importing…';
}
