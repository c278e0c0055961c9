import { useMutation, useQueryClient } from '@tanstack/react-query';

import { apiRequest } from '@/lib/api-client';
import { useTenant } from '@/lib/tenant';

import { invalidateContacts } from './invalidate-contacts';

export function deleteContact(apiBase: string, id: number): Promise<void> {
  return apiRequest<void>('DELETE', `${apiBase}/contacts/${id}`);
}

export function useDeleteContact() {
  const { apiBase } = useTenant();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => deleteContact(apiBase, id),
    onSuccess: () => invalidateContacts(queryClient, apiBase),
  });
}
