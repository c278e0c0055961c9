/**
 * A handler that starts downloading code early (on the pointer or the focus reaching what opens it). A failure
 * here is harmless: the lazy component's own load tries again when it renders, and reports it.
 */
export const preloader = (load: () => Promise<unknown>) => () => void load().catch(() => undefined);
