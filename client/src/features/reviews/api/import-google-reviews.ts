import { useMutation, useQueryClient } from '@tanstack/react-query';

import { apiRequest } from '@/lib/api-client';
import { useTenant } from '@/lib/tenant';

export interface ImportResult {
  imported: number;
}

export function importGoogleReviews(apiBase: string): Promise<ImportResult> {
  return apiRequest<ImportResult>('POST', `${apiBase}/integrations/google/import-reviews`);
}

/** Imports the Google Business Profile reviews, then refreshes the list and the dashboard. */
export function useImportGoogleReviews() {
  const { apiBase } = useTenant();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => importGoogleReviews(apiBase),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: [`${apiBase}/reviews`] }),
        queryClient.invalidateQueries({ queryKey: [`${apiBase}/dashboard/stats`] }),
      ]),
  });
}
