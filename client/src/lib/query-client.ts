// First: queries know the network's state from the start (online.ts).
import './online';
import {
  MutationCache,
  QueryCache,
  QueryClient,
  type QueryFunction,
  type QueryKey,
} from '@tanstack/react-query';

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

/** The session's key (features/auth/api/get-user.ts): GET /api/user, null when signed out. */
const SESSION_KEY = ['/api/user'] as const;

/**
 * The spec's defaults (section 7): never retry, never refetch on focus, never stale, no polling.
 * A 401 on any call while signed in means the session ended elsewhere (signed out on another device, removed
 * from a team, expired): nothing of it may stay on screen or in the cache, and with the user null the route
 * guard sends the visitor to sign in. A 401 while already signed out (a wrong password) changes nothing.
 */
export function createQueryClient(): QueryClient {
  const sessionEnded = (error: unknown) => {
    if (!(error instanceof ApiError) || error.status !== 401) return;
    if (client.getQueryData(SESSION_KEY) == null) return;
    // The session's own query stays (its observers, the route guard among them, must see the null); the
    // rest goes. clear() would leave the guard watching a removed query that still holds the user.
    client.setQueryData(SESSION_KEY, null);
    client.removeQueries({ predicate: (query) => query.queryKey[0] !== SESSION_KEY[0] });
    client.getMutationCache().clear();
  };
  const client: QueryClient = new QueryClient({
    queryCache: new QueryCache({ onError: sessionEnded }),
    mutationCache: new MutationCache({ onError: sessionEnded }),
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
  return client;
}

export const queryClient = createQueryClient();
