import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';

import { getJson, getPage } from '@/lib/api-client';
import { queryKeyToUrl } from '@/lib/query-client';
import { useTenant } from '@/lib/tenant';
import type { RequestStatus } from '@shared/domain';
import type { ReviewRequest, ReviewRequestDetail } from '@shared/review-requests';

export interface ReviewRequestListParams {
  page: number;
  pageSize: number;
  status?: RequestStatus;
}

export interface ReviewRequestPage {
  rows: ReviewRequest[];
  total: number;
}

/** One page of requests and the total from X-Total-Count. */
export async function getReviewRequests(url: string): Promise<ReviewRequestPage> {
  const { items, total } = await getPage<ReviewRequest>(url);
  return { rows: items, total };
}

/** While a request waits to be sent its status changes soon, so the list looks again every 5 s. */
export const QUEUED_POLL_MS = 5000;

export function getReviewRequestsQueryOptions(apiBase: string, params: ReviewRequestListParams) {
  const queryKey = [`${apiBase}/review-requests`, params] as const;
  return queryOptions({
    queryKey,
    queryFn: () => getReviewRequests(queryKeyToUrl(queryKey)),
    placeholderData: keepPreviousData,
    // The only query that polls (the app's default is never, seed-spec section 7).
    refetchInterval: (query) =>
      query.state.data?.rows.some((r) => r.status === 'queued') ? QUEUED_POLL_MS : false,
  });
}

export function useReviewRequests(params: ReviewRequestListParams) {
  const { apiBase } = useTenant();
  return useQuery(getReviewRequestsQueryOptions(apiBase, params));
}

/** One request and its timeline by id (a notification links to it: /get-reviews?request=5); none asked, no query. */
export function useReviewRequest(id: number | null) {
  const { apiBase } = useTenant();
  const url = `${apiBase}/review-requests/${id}`;
  return useQuery({
    queryKey: [url],
    queryFn: ({ signal }) => getJson<ReviewRequestDetail>(url, { signal }),
    enabled: id !== null,
  });
}
