import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ProofSettings, ProofSettingsInput } from '@shared/schemas/proof';

import { apiRequest, getJson } from '@/lib/api-client';
import { useTenant } from '@/lib/tenant';

export const proofSettingsKey = (apiBase: string) => [`${apiBase}/proof-settings`] as const;

export function proofSettingsQueryOptions(apiBase: string) {
  return queryOptions({
    queryKey: proofSettingsKey(apiBase),
    queryFn: ({ signal }) => getJson<ProofSettings>(`${apiBase}/proof-settings`, { signal }),
  });
}

/** The owner's proof page settings (off, with a suggested address, before the first save). */
export function useProofSettings() {
  const { apiBase } = useTenant();
  return useQuery(proofSettingsQueryOptions(apiBase));
}

export function useSaveProofSettings() {
  const { apiBase } = useTenant();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (values: ProofSettingsInput) =>
      apiRequest<ProofSettings>('PUT', `${apiBase}/proof-settings`, values),
    onSuccess: (saved) => queryClient.setQueryData(proofSettingsKey(apiBase), saved),
  });
}
