import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';

import { ErrorBoundary } from '@/components/layout/error-boundary';
import { DeferredToaster } from '@/components/ui/deferred-toaster';
import { queryClient as defaultQueryClient } from '@/lib/query-client';
import { ThemeProvider } from '@/lib/theme';

interface AppProviderProps {
  children: ReactNode;
  /** Tests pass a fresh client so no cache leaks between them. */
  queryClient?: QueryClient;
}

export function AppProvider({ children, queryClient = defaultQueryClient }: AppProviderProps) {
  return (
    <ErrorBoundary>
      <QueryClientProvider client={queryClient}>
        <ThemeProvider>
          {children}
          <DeferredToaster />
        </ThemeProvider>
      </QueryClientProvider>
    </ErrorBoundary>
  );
}
