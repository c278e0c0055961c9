import { Archive, CreditCard, Pencil, Plus } from 'lucide-react';
import { lazy, Suspense, useState } from 'react';

import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { DialogLoading, FullPageSpinner } from '@/components/ui/spinner';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { cn } from '@/lib/utils';
import { formatPrice } from '@shared/plans';
import type { AdminPlan } from '@shared/schemas/plans';

import { useAdminPlans } from '../api/get-admin-plans';

// The plan form and the archive question load when first opened, not with the list.
const PlanFormDialog = lazy(() => import('./plan-form-dialog').then((m) => ({ default: m.PlanFormDialog })));
const ArchivePlanDialog = lazy(() =>
  import('./archive-plan-dialog').then((m) => ({ default: m.ArchivePlanDialog })),
);

const limit = (value: number | null) => (value === null ? 'Unlimited' : value.toLocaleString('en-US'));

type Editing =
  { kind: 'new' } | { kind: 'edit'; plan: AdminPlan } | { kind: 'archive'; plan: AdminPlan } | null;

export function PlansPage() {
  const { data: plans, isPending, error } = useAdminPlans();
  const [showArchived, setShowArchived] = useState(false);
  const [editing, setEditing] = useState<Editing>(null);
  const close = () => setEditing(null);

  const visible = (plans ?? []).filter((plan) => showArchived || !plan.archived);
  const archivedCount = (plans ?? []).filter((plan) => plan.archived).length;

  return (
    <div className="grid gap-4">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
        <label className="flex items-center gap-2 text-sm">
          <input
            type="checkbox"
            className="size-4 accent-primary"
            checked={showArchived}
            onChange={(event) => setShowArchived(event.target.checked)}
          />
          Show archived plans ({archivedCount})
        </label>
        <Button onClick={() => setEditing({ kind: 'new' })}>
          <Plus aria-hidden="true" />
          New plan
        </Button>
      </div>

      {isPending ? (
        <FullPageSpinner label="Loading plans…" />
      ) : error ? (
        <p role="alert" className="text-destructive">
          {error.message}
        </p>
      ) : visible.length === 0 ? (
        <EmptyState
          icon={CreditCard}
          title="No plans yet"
          description="Create the plans clients can subscribe to."
        />
      ) : (
        <div className="overflow-x-auto rounded-xl border bg-card">
          <Table className="min-w-[40rem]">
            <TableHeader className="border-b bg-muted/50 text-left text-muted-foreground">
              <TableRow>
                <TableHead>Plan</TableHead>
                <TableHead>Price</TableHead>
                <TableHead>Requests / month</TableHead>
                <TableHead>Locations</TableHead>
                <TableHead className="text-right">Clients</TableHead>
                <TableHead>Status</TableHead>
                <TableHead className="text-right" hiddenLabel="Actions" />
              </TableRow>
            </TableHeader>
            <TableBody className="divide-y">
              {visible.map((plan) => (
                <TableRow key={plan.id} className={cn(plan.archived && 'text-muted-foreground opacity-60')}>
                  <TableCell>
                    <p className="font-medium">{plan.name}</p>
                    {plan.features.length > 0 ? (
                      <p className="max-w-xs truncate text-xs text-muted-foreground">
                        {plan.features.join(' · ')}
                      </p>
                    ) : null}
                  </TableCell>
                  <TableCell className="whitespace-nowrap tabular-nums">
                    {formatPrice(plan.priceCents, plan.currency)}
                  </TableCell>
                  <TableCell>{limit(plan.reviewRequestLimit)}</TableCell>
                  <TableCell>{limit(plan.locationsLimit)}</TableCell>
                  <TableCell className="text-right tabular-nums">{plan.clients}</TableCell>
                  <TableCell>
                    {plan.archived ? (
                      <Badge variant="secondary">Archived</Badge>
                    ) : (
                      <Badge variant="success">Active</Badge>
                    )}
                  </TableCell>
                  <TableCell>
                    <div className="flex justify-end gap-1">
                      <Button
                        variant="ghost"
                        size="sm"
                        aria-label={`Edit ${plan.name}`}
                        onClick={() => setEditing({ kind: 'edit', plan })}
                      >
                        <Pencil aria-hidden="true" />
                      </Button>
                      {!plan.archived ? (
                        <Button
                          variant="ghost"
                          size="sm"
                          aria-label={`Archive ${plan.name}`}
                          onClick={() => setEditing({ kind: 'archive', plan })}
                        >
                          <Archive aria-hidden="true" />
                        </Button>
                      ) : null}
                    </div>
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </div>
      )}

      <Suspense fallback={<DialogLoading />}>
        {editing?.kind === 'new' ? <PlanFormDialog onClose={close} /> : null}
        {editing?.kind === 'edit' ? <PlanFormDialog plan={editing.plan} onClose={close} /> : null}
        {editing?.kind === 'archive' ? <ArchivePlanDialog plan={editing.plan} onClose={close} /> : null}
      </Suspense>
    </div>
  );
}

export default PlansPage;
