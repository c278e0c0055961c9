/**
 * Whether the owner has downloaded a location's review poster. Nothing on the server records a poster
 * download (the QR endpoint is also read to show the code), so the browser keeps this flag in localStorage:
 * the dashboard's "Getting started" step reads it, the poster card sets it. Per browser, by design: it only
 * decides whether a hint is still shown.
 */
export const POSTER_SHARED_KEY = 'rf-poster-shared';

export function markPosterShared(): void {
  try {
    window.localStorage.setItem(POSTER_SHARED_KEY, '1');
  } catch {
    // Storage can be off (private mode): the step then stays open, which is harmless.
  }
}

export function isPosterShared(): boolean {
  try {
    return window.localStorage.getItem(POSTER_SHARED_KEY) === '1';
  } catch {
    return false;
  }
}
