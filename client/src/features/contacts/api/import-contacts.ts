import { useMutation, useQueryClient } from '@tanstack/react-query';

import { apiRequest } from '@/lib/api-client';
import { useTenant } from '@/lib/tenant';
import type { ImportResult } from '@shared/contacts';

import { invalidateContacts } from './invalidate-contacts';

export interface ImportContactsInput {
  file: File;
  country: string;
}

/** The file goes up as multipart field `file`; the country reads numbers written without +code. */
export function importContacts(
  apiBase: string,
  { file, country }: ImportContactsInput,
): Promise<ImportResult> {
  const form = new FormData();
  form.append('file', file);
  return apiRequest<ImportResult>(
    'POST',
    `${apiBase}/contacts/import?country=${encodeURIComponent(country)}`,
    form,
  );
}

export function useImportContacts() {
  const { apiBase } = useTenant();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: ImportContactsInput) => importContacts(apiBase, input),
    onSuccess: () => invalidateContacts(queryClient, apiBase),
  });
}
