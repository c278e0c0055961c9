import type { QueryClient } from '@tanstack/react-query';

import { invalidate } from '@/lib/invalidate';

/** Every contacts list (any page or filter, and other screens' selects) and the tag counts. */
export function invalidateContacts(queryClient: QueryClient, apiBase: string): Promise<unknown> {
  return invalidate(queryClient, apiBase, 'contacts');
}
