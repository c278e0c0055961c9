import { QueryClient, QueryObserver } from '@tanstack/react-query';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';

import { server } from '@/testing/mocks/server';

import { ApiError, apiRequest } from '../api-client';
import { createQueryClient, getQueryFn, queryKeyToUrl } from '../query-client';

describe('queryKeyToUrl', () => {
  it('when the key is only a path, then the path is the URL', () => {
    expect(queryKeyToUrl(['/api/reviews'])).toBe('/api/reviews');
  });

  it('when later elements are plain objects, then they become the query string, empty values left out', () => {
    expect(
      queryKeyToUrl(['/api/reviews', { filter: 'positive', page: 2, q: '', missing: undefined }, 'ignored']),
    ).toBe('/api/reviews?filter=positive&page=2');
  });

  it('when a value is an array, then the parameter repeats', () => {
    expect(queryKeyToUrl(['/api/contacts', { tag: ['vip', 'new'] }])).toBe('/api/contacts?tag=vip&tag=new');
  });

  it('when the first element is not a string, then it refuses', () => {
    expect(() => queryKeyToUrl([42])).toThrow('first element');
  });
});

describe('getQueryFn', () => {
  function run(on401: 'returnNull' | 'throw') {
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    return client.fetchQuery({ queryKey: ['/api/user'], queryFn: getQueryFn({ on401 }) });
  }

  it('when the server answers 401 and on401 is returnNull, then the result is null', async () => {
    server.use(
      http.get('*/api/user', () => HttpResponse.json({ message: 'Not authenticated' }, { status: 401 })),
    );

    await expect(run('returnNull')).resolves.toBeNull();
  });

  it('when the server answers 401 and on401 is throw, then the ApiError propagates', async () => {
    server.use(
      http.get('*/api/user', () => HttpResponse.json({ message: 'Not authenticated' }, { status: 401 })),
    );

    await expect(run('throw')).rejects.toEqual(new ApiError(401, 'Not authenticated'));
  });
});

describe('createQueryClient', () => {
  it('when created, then it carries the spec defaults: no retry, no focus refetch, never stale, no polling', () => {
    const defaults = createQueryClient().getDefaultOptions().queries;

    expect(defaults).toMatchObject({
      retry: false,
      refetchOnWindowFocus: false,
      staleTime: Infinity,
      refetchInterval: false,
    });
  });

  it('when a query has no queryFn, then it GETs the first key element with the rest as query string', async () => {
    server.use(
      http.get('*/api/reviews', ({ request }) =>
        HttpResponse.json({ filter: new URL(request.url).searchParams.get('filter') }),
      ),
    );

    const data = await createQueryClient().fetchQuery({ queryKey: ['/api/reviews', { filter: 'google' }] });

    expect(data).toEqual({ filter: 'google' });
  });
});

describe('a session that ends while the app is open', () => {
  const user = { id: 7, email: 'sam@example.com', role: 'member' };
  const unauthorized = () => HttpResponse.json({ message: 'Not authenticated' }, { status: 401 });

  it('when a query answers 401 while signed in, then the cache is emptied and the user is signed out', async () => {
    server.use(http.get('*/api/reviews', unauthorized));
    const client = createQueryClient();
    client.setQueryData(['/api/user'], user);
    client.setQueryData(['/api/contacts'], [{ id: 1, name: 'Ava Stone' }]);
    // The route guard watches the session the whole time: it must see the user go.
    const guard = new QueryObserver(client, { queryKey: ['/api/user'] });
    const seen: unknown[] = [];
    const unsubscribe = guard.subscribe((result) => seen.push(result.data));

    await expect(client.fetchQuery({ queryKey: ['/api/reviews', { q: 'Ava' }] })).rejects.toBeInstanceOf(
      ApiError,
    );

    expect(client.getQueryData(['/api/user'])).toBeNull();
    expect(seen.at(-1)).toBeNull();
    expect(client.getQueryData(['/api/contacts'])).toBeUndefined();
    unsubscribe();
  });

  it('when a mutation answers 401 while signed in, then the user is signed out', async () => {
    server.use(http.post('*/api/reviews/1/response', unauthorized));
    const client = createQueryClient();
    client.setQueryData(['/api/user'], user);

    await expect(
      client
        .getMutationCache()
        .build(client, {
          mutationFn: () => apiRequest('POST', '/api/reviews/1/response', { text: 'Thanks' }),
        })
        .execute(undefined),
    ).rejects.toBeInstanceOf(ApiError);

    expect(client.getQueryData(['/api/user'])).toBeNull();
  });

  it('when a call answers 401 while signed out (a wrong password), then nothing else changes', async () => {
    server.use(http.get('*/api/reviews', unauthorized));
    const client = createQueryClient();
    client.setQueryData(['/api/user'], null);
    client.setQueryData(['/api/plans'], [{ id: 1 }]);

    await expect(client.fetchQuery({ queryKey: ['/api/reviews'] })).rejects.toBeInstanceOf(ApiError);

    expect(client.getQueryData(['/api/plans'])).toEqual([{ id: 1 }]);
  });

  it('when a call answers 403 while signed in, then the session stays', async () => {
    server.use(
      http.get('*/api/billing/usage', () => HttpResponse.json({ message: 'Forbidden' }, { status: 403 })),
    );
    const client = createQueryClient();
    client.setQueryData(['/api/user'], user);

    await expect(client.fetchQuery({ queryKey: ['/api/billing/usage'] })).rejects.toBeInstanceOf(ApiError);

    expect(client.getQueryData(['/api/user'])).toEqual(user);
  });
});
