import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  PickableReviewPage,
  PublicWidget,
  WidgetSettings,
  WidgetSettingsInput,
} from '@shared/schemas/widget';

import { apiRequest, getJson } from '@/lib/api-client';
import { useTenant } from '@/lib/tenant';

export const widgetSettingsKey = (apiBase: string) => [`${apiBase}/widget-settings`] as const;

export function widgetSettingsQueryOptions(apiBase: string) {
  return queryOptions({
    queryKey: widgetSettingsKey(apiBase),
    queryFn: ({ signal }) => getJson<WidgetSettings>(`${apiBase}/widget-settings`, { signal }),
  });
}

/** The client's widget settings (made with the defaults on the first read). */
export function useWidgetSettings() {
  const { apiBase } = useTenant();
  return useQuery(widgetSettingsQueryOptions(apiBase));
}

export function useSaveWidgetSettings() {
  const { apiBase } = useTenant();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (values: WidgetSettingsInput) =>
      apiRequest<WidgetSettings>('PUT', `${apiBase}/widget-settings`, values),
    onSuccess: (saved) => queryClient.setQueryData(widgetSettingsKey(apiBase), saved),
  });
}

/** A new public key: snippets and wall links with the old one stop working. */
export function useRotateWidgetKey() {
  const { apiBase } = useTenant();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiRequest<WidgetSettings>('POST', `${apiBase}/widget-settings/rotate-key`),
    onSuccess: (saved) => queryClient.setQueryData(widgetSettingsKey(apiBase), saved),
  });
}

/** What the widget would show with these (unsaved) settings; the last answer stays while the next loads. */
export function useWidgetPreview(values: WidgetSettingsInput | null) {
  const { apiBase } = useTenant();
  return useQuery({
    queryKey: [`${apiBase}/widget-settings/preview`, values] as const,
    queryFn: ({ signal }) =>
      apiRequest<PublicWidget>('POST', `${apiBase}/widget-settings/preview`, values, { signal }),
    enabled: values !== null,
    placeholderData: keepPreviousData,
  });
}

/** The client's Google and Facebook reviews to hand-pick from, a page at a time. */
export function usePickableReviews(page: number, enabled: boolean) {
  const { apiBase } = useTenant();
  return useQuery({
    queryKey: [`${apiBase}/widget-settings/reviews`, page] as const,
    queryFn: ({ signal }) =>
      getJson<PickableReviewPage>(`${apiBase}/widget-settings/reviews?page=${page}`, { signal }),
    enabled,
    placeholderData: keepPreviousData,
  });
}
