import type { QueryClient } from '@tanstack/react-query';

import { contactTagsKey } from './get-contact-tags';
import { contactsKey } from './get-contacts';

/** Every contacts list (any page or filter, and other screens' selects) and the tag counts. */
export function invalidateContacts(queryClient: QueryClient, apiBase: string): Promise<unknown> {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: contactsKey(apiBase) }),
    queryClient.invalidateQueries({ queryKey: contactTagsKey(apiBase) }),
  ]);
}
