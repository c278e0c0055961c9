import type { QueryClient } from '@tanstack/react-query';
import { createQueryClient } from '@/lib/query-client';
import { render, screen, type RenderOptions } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactElement, ReactNode } from 'react';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';

import { AppProvider } from '@/app/provider';
import { AppRouter } from '@/app/router';

import { server } from './mocks/server';
import { signedInAs } from './mocks/handlers';

export { server };
export * from './mocks/data';
export { signedInAs } from './mocks/handlers';
export { allowConsoleErrors } from './console';

/** The app's own query client, fresh for each test so no cache leaks between tests; nothing is collected. */
export function createTestQueryClient(): QueryClient {
  const client = createQueryClient();
  const defaults = client.getDefaultOptions();
  client.setDefaultOptions({ ...defaults, queries: { ...defaults.queries, gcTime: Infinity } });
  return client;
}

interface RenderWithProvidersOptions extends Omit<RenderOptions, 'wrapper'> {
  /** The starting location, search included (e.g. '/auth?tab=register'). */
  path?: string;
  queryClient?: QueryClient;
}

/**
 * Renders UI inside the app's providers and a memory location. `location()` reads the current path,
 * `search()` the current query string, `history` every visited URL.
 */
export function renderWithProviders(ui: ReactElement, options: RenderWithProvidersOptions = {}) {
  const { path = '/', queryClient = createTestQueryClient(), ...renderOptions } = options;
  const memory = memoryLocation({ path, record: true });

  function Wrapper({ children }: { children: ReactNode }) {
    return (
      <AppProvider queryClient={queryClient}>
        <Router hook={memory.hook} searchHook={memory.searchHook}>
          {children}
        </Router>
      </AppProvider>
    );
  }

  const user = userEvent.setup();
  const result = render(ui, { wrapper: Wrapper, ...renderOptions });
  const current = () => memory.history[memory.history.length - 1] ?? path;

  return {
    ...result,
    user,
    queryClient,
    navigate: memory.navigate,
    history: memory.history,
    /** The current pathname. */
    location: () => current().split('?')[0] ?? '',
    /** The current query string without '?'. */
    search: () => current().split('?')[1] ?? '',
  };
}

/** Renders the whole app (route table, guards, shell) at `path`, optionally signed in. */
export function renderApp(
  path: string,
  options: { user?: Parameters<typeof signedInAs>[0] } & RenderWithProvidersOptions = {},
) {
  const { user, ...rest } = options;
  if (user) server.use(signedInAs(user));
  return renderWithProviders(<AppRouter />, { ...rest, path });
}

/** Finds a toast by its title (Radix renders toasts in a live region). */
export async function findToast(title: string, options: { timeout?: number } = {}) {
  return screen.findByText(title, { selector: 'li *' }, options);
}

export * from '@testing-library/react';
