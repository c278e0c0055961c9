import { useMutation, useQueryClient } from '@tanstack/react-query';

import { apiRequest } from '@/lib/api-client';
import { invalidate } from '@/lib/invalidate';
import { useTenant } from '@/lib/tenant';

export function deleteTemplate(apiBase: string, id: number) {
  return apiRequest<void>('DELETE', `${apiBase}/templates/${id}`);
}

export function useDeleteTemplate() {
  const { apiBase } = useTenant();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => deleteTemplate(apiBase, id),
    onSuccess: () => invalidate(queryClient, apiBase, 'templates'),
  });
}
