import { lazy, Suspense } from 'react';
import { matchRoute, Redirect, Route, Switch, useLocation, useRouter } from 'wouter';

import { ErrorBoundary } from '@/components/layout/error-boundary';
import { ContentSpinner, FullPageSpinner } from '@/components/ui/spinner';
import { PageTitleProvider } from '@/lib/page-title';
import { TenantProvider } from '@/lib/tenant';

import { NotFoundPage } from './not-found-page';
import { RequireAccess } from './route-guards';
import { publicRoutes, redirectRoutes, shellRoutes, type ShellRoute } from './routes';

// The shell (Radix menus, dialog, the session helpers) is its own chunk: the landing page never loads it.
const AuthenticatedLayout = lazy(() => import('./authenticated-layout'));

interface ShellMatch {
  route: ShellRoute;
  clientId?: number;
}

function useShellMatch(): ShellMatch | null {
  const [pathname] = useLocation();
  const { parser } = useRouter();

  for (const route of shellRoutes) {
    const [matches, params] = matchRoute(parser, route.path, pathname);
    if (!matches) continue;
    if (!route.tenant) return { route };
    const id = (params as Record<string, string | undefined>).id ?? '';
    // Only a positive integer names a client; anything else is an unknown page.
    if (!/^[1-9]\d*$/.test(id)) return null;
    return { route, clientId: Number(id) };
  }
  return null;
}

/**
 * Signed-in screens share one shell that stays mounted while the user moves between them (its menu state,
 * the admin banner's query); only the page inside changes.
 */
function ShellArea({ match }: { match: ShellMatch }) {
  const [pathname] = useLocation();
  const { route, clientId } = match;

  return (
    <RequireAccess access={route.access} minRole={route.minRole}>
      <TenantProvider clientId={clientId}>
        <PageTitleProvider title={route.title}>
          <Suspense fallback={<FullPageSpinner />}>
            <AuthenticatedLayout>
              <ErrorBoundary resetKeys={[pathname]}>
                <Suspense fallback={<ContentSpinner />}>
                  <Route path={route.path} component={route.page} />
                </Suspense>
              </ErrorBoundary>
            </AuthenticatedLayout>
          </Suspense>
        </PageTitleProvider>
      </TenantProvider>
    </RequireAccess>
  );
}

export function AppRouter() {
  const match = useShellMatch();
  if (match) return <ShellArea match={match} />;

  return (
    <Suspense fallback={<FullPageSpinner />}>
      <Switch>
        {publicRoutes.map(({ path, page }) => (
          <Route key={path} path={path} component={page} />
        ))}
        {redirectRoutes.map(({ path, to }) => (
          <Route key={path} path={path}>
            {(params) => <Redirect to={to(params)} replace />}
          </Route>
        ))}
        <Route component={NotFoundPage} />
      </Switch>
    </Suspense>
  );
}
