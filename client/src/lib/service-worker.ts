/**
 * Registers the owner app's service worker (client/service-worker/sw.ts) once the page has loaded, so it never
 * competes with the first screen for the network. Only the built app has one: the dev server serves no sw.js.
 */
export function registerServiceWorker(): void {
  if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return;
  window.addEventListener('load', () => {
    navigator.serviceWorker.register('/sw.js').catch((error: unknown) => {
      console.warn('The offline app could not be installed', error);
    });
  });
}
