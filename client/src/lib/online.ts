import { onlineManager } from '@tanstack/react-query';
import { useSyncExternalStore } from 'react';

/*
 * The network as the browser knows it, from the first moment and at every change. React Query assumes it is
 * online until an `offline` event reaches a listener it adds only while a client is mounted, so a page opened
 * without a network (the service worker's stored shell) would ask for the session, fail and count as signed
 * out. Told here, its queries and saves wait for the network instead.
 */
const tell = () => onlineManager.setOnline(navigator.onLine);
window.addEventListener('online', tell);
window.addEventListener('offline', tell);
onlineManager.setEventListener((setOnline) => {
  setOnline(navigator.onLine);
  return undefined;
});

/** Whether the browser has a network: queries and saves wait for it while it has none. */
export function useOnline(): boolean {
  return useSyncExternalStore(
    (onChange) => onlineManager.subscribe(onChange),
    () => onlineManager.isOnline(),
    () => true,
  );
}
