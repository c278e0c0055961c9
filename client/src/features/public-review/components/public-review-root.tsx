import { ErrorBoundary } from '@/components/layout/error-boundary';

import { reviewLinkFromPath } from '../review-link';
import { InvalidLink } from './invalid-link';
import { PublicReviewPage } from './public-review-page';

/**
 * Everything the review page's own entry renders (client/src/review-main.tsx): no router and no app providers,
 * only the page for the link in the path, behind the app's error screen.
 */
export function PublicReviewRoot({ pathname }: { pathname: string }) {
  const link = reviewLinkFromPath(pathname);
  return <ErrorBoundary>{link ? <PublicReviewPage uniqueLink={link} /> : <InvalidLink />}</ErrorBoundary>;
}
