import { http, HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';

import { server } from '@/testing/mocks/server';

import { ApiError, apiRequest, getJson, getPage, toApiError } from '../api-client';

function stubFetch(response: Response) {
  return vi.spyOn(globalThis, 'fetch').mockResolvedValue(response);
}

async function errorOf(promise: Promise<unknown>): Promise<ApiError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof ApiError) return error;
    throw error;
  }
  throw new Error('Expected the call to fail');
}

describe('apiRequest error rule (seed-spec section 8)', () => {
  it('when the body has a message, then the error carries it with the status and details', async () => {
    stubFetch(
      Response.json(
        {
          message: 'Invalid input',
          error: 'ignored',
          details: { email: ['Please enter a valid email address.'] },
        },
        { status: 400, statusText: 'Bad Request' },
      ),
    );

    const error = await errorOf(apiRequest('POST', '/api/login', {}));

    expect(error.message).toBe('Invalid input');
    expect(error.status).toBe(400);
    expect(error.details).toEqual({ email: ['Please enter a valid email address.'] });
  });

  it('when the body has no message but an error field, then the error field is the message', async () => {
    stubFetch(
      Response.json({ error: 'Rate limit exceeded' }, { status: 429, statusText: 'Too Many Requests' }),
    );

    const error = await errorOf(getJson('/api/reviews'));

    expect(error.message).toBe('Rate limit exceeded');
    expect(error.status).toBe(429);
  });

  it('when the body has neither, then the message is "status: statusText"', async () => {
    stubFetch(new Response('<html>Bad gateway</html>', { status: 502, statusText: 'Bad Gateway' }));

    const error = await errorOf(getJson('/api/reviews'));

    expect(error.message).toBe('502: Bad Gateway');
  });

  it('when there is no status text either (HTTP/2), then the raw text is the message', async () => {
    stubFetch(new Response('upstream connect error', { status: 503, statusText: '' }));

    const error = await errorOf(getJson('/api/reviews'));

    expect(error.message).toBe('upstream connect error');
    expect(error.status).toBe(503);
  });

  it('when nothing at all describes the failure, then the message still names the status', async () => {
    const error = await toApiError(new Response(null, { status: 500, statusText: '' }));

    expect(error.message).toBe('Request failed with status 500');
  });

  it('when the body message is empty, then the next rule applies', async () => {
    const error = await toApiError(Response.json({ message: '' }, { status: 404, statusText: 'Not Found' }));

    expect(error.message).toBe('404: Not Found');
  });
});

describe('apiRequest success', () => {
  it('when the answer is 204, then it resolves to undefined', async () => {
    stubFetch(new Response(null, { status: 204 }));

    await expect(apiRequest('POST', '/api/logout')).resolves.toBeUndefined();
  });

  it('when it sends a body, then it sends cookies and JSON with the JSON content type', async () => {
    const fetchSpy = stubFetch(Response.json({ id: 1 }, { status: 201 }));

    const result = await apiRequest<{ id: number }>('POST', '/api/contacts', { name: 'Ann' });

    expect(result).toEqual({ id: 1 });
    const [url, init] = fetchSpy.mock.calls[0] ?? [];
    expect(url).toBe('/api/contacts');
    expect(init).toMatchObject({
      method: 'POST',
      credentials: 'include',
      body: JSON.stringify({ name: 'Ann' }),
    });
    expect((init?.headers as Record<string, string>)['Content-Type']).toBe('application/json');
  });

  it('when it sends no body, then no content type is set but cookies still go', async () => {
    const fetchSpy = stubFetch(Response.json([]));

    await getJson('/api/contacts');

    const init = fetchSpy.mock.calls[0]?.[1];
    expect(init?.credentials).toBe('include');
    expect(init?.body).toBeUndefined();
    expect((init?.headers as Record<string, string>)['Content-Type']).toBeUndefined();
  });

  it('when called against the mock server with a relative URL, then it parses the JSON answer', async () => {
    server.use(http.get('*/api/ping', () => HttpResponse.json({ ok: true })));

    await expect(getJson('/api/ping')).resolves.toEqual({ ok: true });
  });
});

describe('getPage', () => {
  it('when the list answers with X-Total-Count, then the items and that total come back', async () => {
    server.use(
      http.get('/api/things', () =>
        HttpResponse.json([{ id: 1 }, { id: 2 }], { headers: { 'X-Total-Count': '42' } }),
      ),
    );
    await expect(getPage<{ id: number }>('/api/things?page=1')).resolves.toEqual({
      items: [{ id: 1 }, { id: 2 }],
      total: 42,
      capped: false,
    });
  });

  it('when the count stopped at its cap, then the page says there are more', async () => {
    server.use(
      http.get('/api/things', () =>
        HttpResponse.json([{ id: 1 }], {
          headers: { 'X-Total-Count': '10000', 'X-Total-Count-Capped': 'true' },
        }),
      ),
    );
    await expect(getPage('/api/things')).resolves.toEqual({
      items: [{ id: 1 }],
      total: 10_000,
      capped: true,
    });
  });

  it('when the header is missing, then the total is the number of items', async () => {
    server.use(http.get('/api/things', () => HttpResponse.json([{ id: 1 }])));
    await expect(getPage('/api/things')).resolves.toEqual({ items: [{ id: 1 }], total: 1, capped: false });
  });

  it('when the list fails, then it throws the same ApiError as every other call', async () => {
    server.use(http.get('/api/things', () => HttpResponse.json({ message: 'Nope' }, { status: 403 })));
    await expect(getPage('/api/things')).rejects.toMatchObject({ status: 403, message: 'Nope' });
  });
});
