import { toApiError } from '@/lib/api-client';
import { queryKeyToUrl } from '@/lib/query-client';

export interface Paged<T> {
  rows: T[];
  total: number;
}

/** GETs a paged admin list: the rows and the X-Total-Count header. */
export async function getPaged<T>(path: string, params: Record<string, unknown>): Promise<Paged<T>> {
  const response = await fetch(queryKeyToUrl([path, params]), {
    credentials: 'include',
    headers: { Accept: 'application/json' },
  });
  if (!response.ok) throw await toApiError(response);
  const rows = (await response.json()) as T[];
  return { rows, total: Number(response.headers.get('X-Total-Count') ?? rows.length) };
}
