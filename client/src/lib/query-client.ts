import { QueryClient, type QueryFunction, type QueryKey } from '@tanstack/react-query';

import { ApiError, getJson } from './api-client';

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && Object.getPrototypeOf(value) === Object.prototype;
}

/**
 * The URL a query key stands for (seed-spec section 7: "queries use the first element of their key as the
 * GET path"). Later elements that are plain objects become the query string, so
 * `['/api/reviews', { filter: 'positive', page: 2 }]` reads `/api/reviews?filter=positive&page=2`.
 * Empty values are left out; arrays repeat the parameter.
 */
export function queryKeyToUrl(queryKey: QueryKey): string {
  const [path, ...rest] = queryKey;
  if (typeof path !== 'string') throw new Error('The first element of a query key must be the API path');

  const params = new URLSearchParams();
  for (const part of rest) {
    if (!isPlainObject(part)) continue;
    for (const [key, value] of Object.entries(part)) {
      if (value === undefined || value === null || value === '') continue;
      for (const item of Array.isArray(value) ? value : [value]) params.append(key, String(item));
    }
  }

  const search = params.toString();
  if (!search) return path;
  return `${path}${path.includes('?') ? '&' : '?'}${search}`;
}

export type UnauthorizedBehavior = 'returnNull' | 'throw';

/** A query function that GETs the key's URL; with `returnNull` a 401 answers `null` instead of failing. */
export function getQueryFn<T>({ on401 }: { on401: UnauthorizedBehavior }): QueryFunction<T | null> {
  return async ({ queryKey }) => {
    try {
      return await getJson<T>(queryKeyToUrl(queryKey));
    } catch (error) {
      if (on401 === 'returnNull' && error instanceof ApiError && error.status === 401) return null;
      throw error;
    }
  };
}

/** The spec's defaults (section 7): never retry, never refetch on focus, never stale, no polling. */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        queryFn: getQueryFn({ on401: 'throw' }),
        retry: false,
        refetchOnWindowFocus: false,
        staleTime: Infinity,
        refetchInterval: false,
      },
      mutations: { retry: false },
    },
  });
}

export const queryClient = createQueryClient();
