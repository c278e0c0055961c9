import { useMutation, useQueryClient } from '@tanstack/react-query';

import { apiRequest } from '@/lib/api-client';
import { invalidate } from '@/lib/invalidate';
import { useTenant } from '@/lib/tenant';
import type { Template } from '@shared/template-words';
import type { TemplateFormValues, UpdateTemplateInput } from '@shared/schemas/templates';

export function createTemplate(apiBase: string, input: TemplateFormValues) {
  return apiRequest<Template>('POST', `${apiBase}/templates`, input);
}

export function updateTemplate(apiBase: string, id: number, input: UpdateTemplateInput) {
  return apiRequest<Template>('PATCH', `${apiBase}/templates/${id}`, input);
}

/** Creates a template, or updates it when an id is given; the list refreshes either way. */
export function useSaveTemplate() {
  const { apiBase } = useTenant();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, values }: { id: number | null; values: TemplateFormValues }) => {
      if (id === null) return createTemplate(apiBase, values);
      const { channel: _channel, ...changes } = values;
      return updateTemplate(apiBase, id, changes);
    },
    onSuccess: () => invalidate(queryClient, apiBase, 'templates'),
  });
}
