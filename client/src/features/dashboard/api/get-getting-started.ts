import { useQuery } from '@tanstack/react-query';

import { hasConnection, useIntegrations } from '@/lib/integrations';
import { getPage } from '@/lib/api-client';
import { useLocations } from '@/lib/locations';
import { isPosterShared } from '@/lib/poster-shared';
import { queryKeyToUrl } from '@/lib/query-client';
import { useTenant } from '@/lib/tenant';

export type GettingStartedStepId = 'location' | 'google' | 'contacts' | 'request' | 'poster';

export interface GettingStartedStep {
  id: GettingStartedStepId;
  label: string;
  href: string;
  done: boolean;
}

/** How many contacts the client has: one row asked, the X-Total-Count read. */
function useContactsCount() {
  const { apiBase } = useTenant();
  const queryKey = [`${apiBase}/contacts`, { page: 1, pageSize: 1 }] as const;
  return useQuery({
    queryKey,
    queryFn: ({ signal }) => getPage(queryKeyToUrl(queryKey), { signal }),
    select: (page) => page.total,
  });
}

/**
 * A new account's first steps (issue 15), each derived from data the app already has: locations, the
 * Google connection, the contacts' count, the requests' count (the dashboard stats) and the poster
 * download flag (lib/poster-shared.ts). `steps` is undefined until every source has answered, so the
 * checklist never flashes for an account that is already set up; `isLoading` while a source is on its way,
 * so the dashboard can show once with the checklist in its place.
 */
export function useGettingStarted(requestsCount: number | undefined) {
  const { routeBase } = useTenant();
  const locations = useLocations();
  const integrations = useIntegrations();
  const contacts = useContactsCount();

  const isLoading = locations.isLoading || integrations.isLoading || contacts.isLoading;
  if (requestsCount === undefined || !locations.data || !integrations.data || contacts.data === undefined) {
    return { steps: undefined, isLoading };
  }
  const steps: GettingStartedStep[] = [
    {
      id: 'location',
      label: 'Add a location',
      href: `${routeBase}/settings?tab=locations`,
      done: locations.data.length > 0,
    },
    {
      id: 'google',
      label: 'Connect Google',
      href: `${routeBase}/settings?tab=integrations`,
      done: hasConnection(integrations.data, 'google'),
    },
    { id: 'contacts', label: 'Import contacts', href: `${routeBase}/contacts`, done: contacts.data > 0 },
    {
      id: 'request',
      label: 'Send your first review request',
      href: `${routeBase}/get-reviews`,
      done: requestsCount > 0,
    },
    { id: 'poster', label: 'Share the poster', href: `${routeBase}/get-reviews`, done: isPosterShared() },
  ];
  return { steps, isLoading };
}
