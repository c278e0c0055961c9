import { createContext, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';

/**
 * The page title shown in the header (h1) and the browser tab. Each route declares its title in the route
 * table (app/routes.tsx) and the app wraps the page in <PageTitleProvider title>. A page whose title depends
 * on data overrides it with `useSetPageTitle(title)`; an override only holds for the route it was set on.
 */
interface Override {
  routeTitle: string;
  title: string;
}

interface PageTitleContextValue {
  routeTitle: string;
  title: string;
  setOverride: (override: Override | null) => void;
}

const PageTitleContext = createContext<PageTitleContextValue>({
  routeTitle: '',
  title: '',
  setOverride: () => {},
});

export const APP_NAME = 'ReviewFlow';

export function PageTitleProvider({ title, children }: { title: string; children: ReactNode }) {
  const [override, setOverride] = useState<Override | null>(null);
  const current = override && override.routeTitle === title ? override.title : title;

  useEffect(() => {
    document.title = current ? `${current} · ${APP_NAME}` : APP_NAME;
  }, [current]);

  const value = useMemo(() => ({ routeTitle: title, title: current, setOverride }), [title, current]);
  return <PageTitleContext.Provider value={value}>{children}</PageTitleContext.Provider>;
}

export function usePageTitle(): string {
  return useContext(PageTitleContext).title;
}

/** Replaces the route's title while the calling page is mounted (e.g. with a client's name). */
export function useSetPageTitle(title: string | undefined): void {
  const { routeTitle, setOverride } = useContext(PageTitleContext);
  useEffect(() => {
    if (!title) return;
    setOverride({ routeTitle, title });
    return () => setOverride(null);
  }, [title, routeTitle, setOverride]);
}
