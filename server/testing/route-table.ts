import type { Express } from 'express';

/**
 * Who may call a route: no one signed in, the auth flow, a client, an admin, an admin inside a client's area,
 * or a client's own systems with an API key (`api`: /api/v1, bearer auth, no session).
 */
export type RouteArea = 'public' | 'auth' | 'client' | 'admin' | 'mirror' | 'api';

export interface FoundRoute {
  method: string;
  path: string;
}

export interface TableRoute extends FoundRoute {
  area: RouteArea;
}

interface Layer {
  rawPath?: unknown;
  route?: { path: unknown; methods: Record<string, boolean> };
  handle?: { stack?: Layer[] };
}

const join = (prefix: string, path: string) =>
  `${prefix}/${path}`.replace(/\/{2,}/g, '/').replace(/(.)\/$/, '$1');

/**
 * Every route of the real app, read from Express's router stack (mounted routers recursively), so a route
 * added tomorrow is walked tomorrow. A path that is not a string (a RegExp) cannot be called by name: it is
 * reported so a test fails rather than silently skipping it.
 */
export function collectRoutes(stack: Layer[], prefix = ''): { routes: FoundRoute[]; unreadable: string[] } {
  const routes: FoundRoute[] = [];
  const unreadable: string[] = [];
  for (const layer of stack) {
    if (layer.route) {
      const paths = Array.isArray(layer.route.path) ? layer.route.path : [layer.route.path];
      for (const path of paths) {
        if (typeof path !== 'string') {
          unreadable.push(`${prefix} ${String(path)}`);
          continue;
        }
        for (const [method, on] of Object.entries(layer.route.methods)) {
          if (on && method !== '_all')
            routes.push({ method: method.toUpperCase(), path: join(prefix, path) });
        }
      }
    } else if (layer.handle?.stack) {
      const raw = layer.rawPath ?? '/';
      const mounts = Array.isArray(raw) ? raw : [raw];
      for (const mount of mounts) {
        if (typeof mount !== 'string') {
          unreadable.push(`${prefix} ${String(mount)}`);
          continue;
        }
        const inner = collectRoutes(layer.handle.stack, join(prefix, mount));
        routes.push(...inner.routes);
        unreadable.push(...inner.unreadable);
      }
    }
  }
  return { routes, unreadable };
}

/** Every route of the app (deduplicated: the same method and path mounted twice is one route). */
export function allRoutesOf(app: Express): { routes: FoundRoute[]; unreadable: string[] } {
  const root =
    (app as unknown as { router?: { stack: Layer[] }; _router?: { stack: Layer[] } }).router ??
    (app as unknown as { _router: { stack: Layer[] } })._router;
  return collectRoutes(root.stack);
}

const AUTH_PATHS =
  /^\/api\/(login|logout|register|user|me|password|auth|forgot-password|reset-password|verify-email)(\/|$)/;

/** The area a route belongs to, from where the app mounts it (server/app.ts). */
export function areaOf(route: FoundRoute, clientPaths: Set<string>): RouteArea {
  if (route.path.startsWith('/api/admin/clients/:clientId/')) return 'mirror';
  if (route.path.startsWith('/api/v1/')) return 'api';
  if (route.path === '/api/admin' || route.path.startsWith('/api/admin/')) return 'admin';
  if (clientPaths.has(`${route.method} ${route.path}`)) return 'client';
  return AUTH_PATHS.test(route.path) ? 'auth' : 'public';
}

/**
 * The API's route table: every route with its area. Client routes are the ones mirrored under
 * /api/admin/clients/:clientId (the same router is mounted at /api behind requireAuth); of the rest at /api,
 * the sign-in flow's paths are 'auth' and everything else (health, public page, webhooks) 'public'.
 */
export function routeTableOf(app: Express): { routes: TableRoute[]; unreadable: string[] } {
  const { routes, unreadable } = allRoutesOf(app);
  const mirrored = new Set(
    routes
      .filter((r) => r.path.startsWith('/api/admin/clients/:clientId/'))
      .map((r) => `${r.method} ${r.path.replace('/admin/clients/:clientId', '')}`),
  );
  const seen = new Set<string>();
  const table: TableRoute[] = [];
  for (const route of routes) {
    const key = `${route.method} ${route.path}`;
    if (seen.has(key)) continue;
    seen.add(key);
    table.push({ ...route, area: areaOf(route, mirrored) });
  }
  return { routes: table, unreadable };
}
