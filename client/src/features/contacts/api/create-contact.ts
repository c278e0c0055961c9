import { useMutation, useQueryClient } from '@tanstack/react-query';

import { apiRequest } from '@/lib/api-client';
import { useTenant } from '@/lib/tenant';
import type { Contact } from '@shared/contacts';
import type { ContactFormValues } from '@shared/schemas/contacts';

import { invalidateContacts } from './invalidate-contacts';

export function createContact(apiBase: string, input: ContactFormValues): Promise<Contact> {
  return apiRequest<Contact>('POST', `${apiBase}/contacts`, input);
}

export function useCreateContact() {
  const { apiBase } = useTenant();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: ContactFormValues) => createContact(apiBase, input),
    onSuccess: () => invalidateContacts(queryClient, apiBase),
  });
}
