import { useSearchParams } from 'wouter';
import { isReviewFilter, type ReviewFilter } from '@shared/reviews';

/** What the Reviews page lists, all of it in the address (issue 41): a reload or a shared link shows the same. */
export interface ReviewListParams {
  filter: ReviewFilter;
  page: number;
  q: string;
  locationId?: number;
  /** YYYY-MM-DD, both days included. */
  from?: string;
  to?: string;
}

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const dayOf = (value: string | null) => (value && DAY.test(value) ? value : undefined);
const positive = (value: string | null) => {
  const n = Number(value);
  return Number.isInteger(n) && n > 0 ? n : undefined;
};

/** The list's parameters from the address; anything unreadable is left out rather than failing the page. */
export function readReviewListParams(search: URLSearchParams): ReviewListParams {
  const filter = search.get('filter');
  return {
    filter: isReviewFilter(filter) ? filter : 'all',
    page: positive(search.get('page')) ?? 1,
    q: search.get('q') ?? '',
    locationId: positive(search.get('locationId')),
    from: dayOf(search.get('from')),
    to: dayOf(search.get('to')),
  };
}

type Changes = { [K in keyof ReviewListParams]?: ReviewListParams[K] | null };

/**
 * The list's parameters and a way to change some of them. Any change but the page's starts again from page 1.
 * Defaults stay out of the address (/reviews, not /reviews?filter=all&page=1); other parameters (?review=)
 * are kept.
 */
export function useReviewListParams() {
  const [searchParams, setSearchParams] = useSearchParams();
  const params = readReviewListParams(searchParams);
  const change = (changes: Changes, options: { replace?: boolean } = {}) =>
    setSearchParams((previous) => {
      const next = new URLSearchParams(previous);
      if (!('page' in changes)) next.delete('page');
      for (const [key, value] of Object.entries(changes)) {
        const isDefault =
          value === undefined ||
          value === null ||
          value === '' ||
          (key === 'filter' && value === 'all') ||
          (key === 'page' && value === 1);
        if (isDefault) next.delete(key);
        else next.set(key, String(value));
      }
      return next;
    }, options);
  return { params, change, searchParams, setSearchParams };
}
