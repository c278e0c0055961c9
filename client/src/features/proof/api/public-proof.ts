import { useQuery } from '@tanstack/react-query';
import type { ProofLogPage, ProofSummary } from '@shared/proof';

import { getJson } from '@/lib/api-client';

const proofPath = (slug: string) => `/api/proof/${encodeURIComponent(slug)}`;

/** A business's published proof (no sign-in). */
export function usePublicProof(slug: string) {
  return useQuery({
    queryKey: [proofPath(slug)] as const,
    queryFn: ({ signal }) => getJson<ProofSummary>(proofPath(slug), { signal }),
    retry: false,
  });
}

/** One page of the public log: the entries after `after`. */
export function fetchProofLogPage(slug: string, after: number, signal?: AbortSignal): Promise<ProofLogPage> {
  return getJson<ProofLogPage>(`${proofPath(slug)}/log?after=${after}`, { signal });
}
