import { createElement, lazy } from 'react';
import { navigate } from 'wouter/use-browser-location';

import { ApiError } from '@/lib/api-client';
import { FALLBACK_ERROR_MESSAGE as FALLBACK_MESSAGE } from '@/lib/fallback-error';

import type { ToastActionElement } from './toast';
import { toast } from './use-toast';

// Radix toast arrives with the toaster, on the first toast (deferred-toaster.tsx), not with
// every screen that may raise one (issue 13); the action renders inside that toaster's Suspense.
const ToastAction = lazy(() => import('./toast').then((m) => ({ default: m.ToastAction })));

/** The Plan tab of whoever is acting: the client's own, or the viewed client's for an admin. */
function planTabPath(): string {
  const inClient = window.location.pathname.match(/^\/admin\/client\/\d+/);
  return `${inClient ? inClient[0] : ''}/settings?tab=plan`;
}

/**
 * A 402 (a plan limit reached, issue 11) offers the way out: an "Upgrade" action to Settings › Plan.
 * Every error toast passes its error here, so any screen that hits a limit offers it.
 */
export function upgradeActionFor(error: unknown): ToastActionElement | undefined {
  if (!(error instanceof ApiError) || error.status !== 402) return undefined;
  return createElement(
    ToastAction,
    { altText: 'Upgrade your plan', onClick: () => navigate(planTabPath()) },
    'Upgrade',
    // shadcn types the element as ReactElement<typeof ToastAction>, which createElement's type never matches.
  ) as unknown as ToastActionElement;
}

/** The spec's error state (seed-spec section 3). */
export type ErrorSeverity = 'error' | 'warning' | 'information';

export interface ErrorState {
  message: string;
  details?: unknown;
  severity: ErrorSeverity;
  timestamp: string;
}

const TITLES: Record<ErrorSeverity, string> = {
  error: 'Error',
  warning: 'Warning',
  information: 'Information',
};

function isErrorState(value: unknown): value is ErrorState {
  return (
    typeof value === 'object' &&
    value !== null &&
    'severity' in value &&
    'message' in value &&
    'timestamp' in value
  );
}

/** Turns anything thrown into the spec's error state. */
export function toErrorState(error: unknown, severityOverride?: ErrorSeverity): ErrorState {
  if (isErrorState(error)) return severityOverride ? { ...error, severity: severityOverride } : error;
  const severity = severityOverride ?? 'error';
  const timestamp = new Date().toISOString();
  if (error instanceof ApiError)
    return { message: error.message, details: error.details, severity, timestamp };
  if (error instanceof Error) return { message: error.message || FALLBACK_MESSAGE, severity, timestamp };
  if (typeof error === 'string' && error) return { message: error, severity, timestamp };
  return { message: FALLBACK_MESSAGE, details: error, severity, timestamp };
}

/**
 * The global error helper (seed-spec section 8): a toast titled Error, Warning or Information by severity.
 * Returns the error state it showed, for callers that also keep it.
 */
export function notifyError(error: unknown, severity?: ErrorSeverity): ErrorState {
  const state = toErrorState(error, severity);
  toast({
    title: TITLES[state.severity],
    description: state.message,
    variant: state.severity === 'error' ? 'destructive' : 'default',
    action: upgradeActionFor(error),
  });
  return state;
}

/**
 * A save's usual feedback, for `mutate(values, toastFeedback(...))`: the given toast when it worked, the
 * error's own toast (with its Upgrade action on a 402) when it did not.
 * `afterSuccess` runs after the toast (a dialog closing itself).
 */
export function toastFeedback(success: { title: string; description?: string }, afterSuccess?: () => void) {
  return {
    onSuccess: () => {
      toast(success);
      afterSuccess?.();
    },
    onError: (error: unknown) => {
      notifyError(error);
    },
  };
}
