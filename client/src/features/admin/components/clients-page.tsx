import { Building2, Plus } from 'lucide-react';
import { lazy, Suspense, useState } from 'react';

import { Button } from '@/components/ui/button';
import { Pagination } from '@/components/ui/pagination';
import { useDebouncedValue } from '@/lib/use-debounced-value';
import { EmptyState } from '@/components/ui/empty-state';
import { SearchInput } from '@/components/ui/search-input';
import { DialogLoading, FullPageSpinner } from '@/components/ui/spinner';
import type { AdminClientRow } from '@shared/admin';

import { toast } from '@/components/ui/use-toast';
import { notifyError } from '@/components/ui/notify-error';
import { useOpenedOnce } from '@/lib/use-opened-once';

import { useAdminClients } from '../api/get-admin-clients';
import { resetLinkToast, useSendResetLink } from '../api/send-reset-link';
import { ClientsTable } from './clients-table';

// Each dialog (forms, validation, Radix Dialog) loads when first opened, not with the list.
const loadClientDialogs = () => import('./client-dialogs');
const AddClientDialog = lazy(() => loadClientDialogs().then((m) => ({ default: m.AddClientDialog })));
const EditClientDialog = lazy(() => loadClientDialogs().then((m) => ({ default: m.EditClientDialog })));
const ClientStatusDialog = lazy(() => loadClientDialogs().then((m) => ({ default: m.ClientStatusDialog })));
const DeleteClientDialog = lazy(() => loadClientDialogs().then((m) => ({ default: m.DeleteClientDialog })));
const ClientMembersDialog = lazy(() =>
  import('./client-members-dialog').then((m) => ({ default: m.ClientMembersDialog })),
);

export const CLIENTS_PAGE_SIZE = 10;
const SEARCH_DELAY_MS = 300;

type Action = { kind: 'edit' | 'status' | 'delete' | 'team'; client: AdminClientRow } | null;

export function ClientsPage() {
  const sendResetLink = useSendResetLink();
  const [search, setSearch] = useState('');
  const q = useDebouncedValue(search.trim(), SEARCH_DELAY_MS);
  const [page, setPage] = useState(1);
  const [adding, setAdding] = useState(false);
  const addMounted = useOpenedOnce(adding);
  const [action, setAction] = useState<Action>(null);
  const { data, isPending, error, isFetching } = useAdminClients({
    q: q || undefined,
    page,
    pageSize: CLIENTS_PAGE_SIZE,
  });

  const close = () => setAction(null);

  return (
    <div className="grid gap-4">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
        <SearchInput
          className="w-full sm:max-w-sm"
          aria-label="Search clients"
          placeholder="Search company, name or email"
          value={search}
          onChange={(event) => {
            setSearch(event.target.value);
            // A new search starts on the first page.
            setPage(1);
          }}
        />
        <Button onClick={() => setAdding(true)}>
          <Plus aria-hidden="true" />
          Add client
        </Button>
      </div>

      {isPending ? (
        <FullPageSpinner label="Loading clients…" />
      ) : error ? (
        <p role="alert" className="text-destructive">
          {error.message}
        </p>
      ) : data.items.length === 0 ? (
        <EmptyState
          icon={Building2}
          title={q ? 'No clients match your search' : 'No clients yet'}
          description={q ? `Nothing found for “${q}”.` : 'Add the first client account to get started.'}
        />
      ) : (
        <div className="grid gap-4" aria-busy={isFetching}>
          <ClientsTable
            clients={data.items}
            actions={{
              onEdit: (client) => setAction({ kind: 'edit', client }),
              onToggleStatus: (client) => setAction({ kind: 'status', client }),
              onDelete: (client) => setAction({ kind: 'delete', client }),
              onShowTeam: (client) => setAction({ kind: 'team', client }),
              onSendResetLink: (client) =>
                sendResetLink.mutate(client.id, {
                  onSuccess: (result) => toast(resetLinkToast(result)),
                  onError: (error) => notifyError(error),
                }),
            }}
          />
          <Pagination
            page={page}
            pageSize={CLIENTS_PAGE_SIZE}
            total={data.total}
            onPageChange={setPage}
            label="Clients pages"
          />
        </div>
      )}

      <Suspense fallback={<DialogLoading />}>
        {addMounted ? <AddClientDialog open={adding} onOpenChange={setAdding} /> : null}
        {action?.kind === 'edit' ? <EditClientDialog client={action.client} onClose={close} /> : null}
        {action?.kind === 'status' ? <ClientStatusDialog client={action.client} onClose={close} /> : null}
        {action?.kind === 'delete' ? <DeleteClientDialog client={action.client} onClose={close} /> : null}
        {action?.kind === 'team' ? <ClientMembersDialog client={action.client} onClose={close} /> : null}
      </Suspense>
    </div>
  );
}

export default ClientsPage;
