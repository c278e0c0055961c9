import { lazy } from 'react';
import { preloader } from '@/lib/preloader';

/**
 * The dashboard's dialogs load when first opened, not with the page: the request form (react-hook-form, zod,
 * Radix select) and the review dialog are most of the page's weight and most visits never open them
 * (issue 13: the app's first load). Hovering or focusing the button that opens one starts its download.
 */
const loadRequests = () => import('@/features/requests');
const loadReviews = () => import('@/features/reviews');

export const preloadRequestDialogs = preloader(loadRequests);
export const preloadReviewDialog = preloader(loadReviews);

export const CreateReviewRequestDialog = lazy(() =>
  loadRequests().then((m) => ({ default: m.CreateReviewRequestDialog })),
);
export const GenerateLinkDialog = lazy(() => loadRequests().then((m) => ({ default: m.GenerateLinkDialog })));
export const ReviewDetailsDialog = lazy(() =>
  loadReviews().then((m) => ({ default: m.ReviewDetailsDialog })),
);
