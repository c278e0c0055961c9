import type { QueryClient } from '@tanstack/react-query';

/**
 * What a change touches, and the API paths whose queries show it. Every mutation and every finished
 * background job refreshes through `invalidate`, so no screen keeps showing what is no longer true.
 */
const AREAS = {
  /** A review arrived, was answered, edited or deleted; a feedback case moved. */
  reviews: ['/reviews', '/feedback-cases', '/dashboard', '/insights', '/notifications'],
  /** A review request was created, sent, failed, retried or cancelled. */
  requests: ['/review-requests', '/dashboard', '/notifications'],
  notifications: ['/notifications'],
  integrations: ['/integrations', '/locations'],
  contacts: ['/contacts'],
  locations: ['/locations', '/integrations'],
  templates: ['/templates'],
} as const;
export type DataArea = keyof typeof AREAS;

/** Refetches every query of the tenant (`apiBase`, e.g. '/api') under the paths of the given areas. */
export function invalidate(queryClient: QueryClient, apiBase: string, ...areas: DataArea[]): Promise<void> {
  const prefixes = [...new Set(areas.flatMap((area) => AREAS[area]))].map((path) => `${apiBase}${path}`);
  return queryClient.invalidateQueries({
    predicate: ({ queryKey }) => {
      const [path] = queryKey;
      return (
        typeof path === 'string' &&
        prefixes.some(
          (prefix) => path === prefix || path.startsWith(`${prefix}/`) || path.startsWith(`${prefix}?`),
        )
      );
    },
  });
}
