import { useCallback, useEffect, useState } from 'react';

import type { PublicReviewPageData } from '@shared/schemas/public-review';

import { getPublicReview } from '../api/get-public-review';
import { PublicReviewError } from '../api/public-review-errors';

export type PublicReviewState =
  | { status: 'loading' }
  | { status: 'invalid' }
  | { status: 'error'; failure: unknown }
  | { status: 'ready'; page: PublicReviewPageData };

/** Loads the page's data once per link; `retry` after a network failure. */
export function usePublicReview(link: string): { state: PublicReviewState; retry: () => void } {
  const [state, setState] = useState<PublicReviewState>({ status: 'loading' });
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    const controller = new AbortController();
    setState({ status: 'loading' });
    getPublicReview(link, controller.signal).then(
      (page) => setState({ status: 'ready', page }),
      (error: unknown) => {
        if (controller.signal.aborted) return;
        if (error instanceof PublicReviewError && error.status === 404) setState({ status: 'invalid' });
        else setState({ status: 'error', failure: error });
      },
    );
    return () => controller.abort();
  }, [link, attempt]);

  const retry = useCallback(() => setAttempt((n) => n + 1), []);
  return { state, retry };
}
