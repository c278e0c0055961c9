import { lazy } from 'react';

/**
 * The dashboard's dialogs load when first opened, not with the page: the request form (react-hook-form, zod,
 * Radix select) and the review dialog are most of the page's weight and most visits never open them
 * (issue 13: the app's first load). Hovering or focusing the button that opens one starts its download.
 */
const loadRequests = () => import('@/features/requests');
const loadReviews = () => import('@/features/reviews');

/** Starts a download early; a failure here is harmless, the dialog's own load tries again and reports it. */
const preload = (load: () => Promise<unknown>) => () => {
  load().catch(() => undefined);
};

export const preloadRequestDialogs = preload(loadRequests);
export const preloadReviewDialog = preload(loadReviews);

export const CreateReviewRequestDialog = lazy(() =>
  loadRequests().then((m) => ({ default: m.CreateReviewRequestDialog })),
);
export const GenerateLinkDialog = lazy(() => loadRequests().then((m) => ({ default: m.GenerateLinkDialog })));
export const ReviewDetailsDialog = lazy(() =>
  loadReviews().then((m) => ({ default: m.ReviewDetailsDialog })),
);
