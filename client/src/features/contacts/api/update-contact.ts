import { useMutation, useQueryClient } from '@tanstack/react-query';

import { apiRequest } from '@/lib/api-client';
import { useTenant } from '@/lib/tenant';
import type { Contact } from '@shared/contacts';
import type { UpdateContactInput } from '@shared/schemas/contacts';

import { invalidateContacts } from './invalidate-contacts';

export function updateContact(apiBase: string, id: number, input: UpdateContactInput): Promise<Contact> {
  return apiRequest<Contact>('PATCH', `${apiBase}/contacts/${id}`, input);
}

export function useUpdateContact() {
  const { apiBase } = useTenant();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input }: { id: number; input: UpdateContactInput }) =>
      updateContact(apiBase, id, input),
    onSuccess: () => invalidateContacts(queryClient, apiBase),
  });
}
