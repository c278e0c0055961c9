import { Archive, CreditCard, Pencil, Plus } from 'lucide-react';
import { useState } from 'react';

import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { EmptyState } from '@/components/ui/empty-state';
import { FullPageSpinner } from '@/components/ui/spinner';
import { toast } from '@/components/ui/use-toast';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { notifyError } from '@/lib/notify-error';
import { cn } from '@/lib/utils';
import { formatPrice, type AdminPlan } from '@shared/schemas/plans';

import { useAdminPlans } from '../api/get-admin-plans';
import { useArchivePlan } from '../api/save-plan';
import { PlanFormDialog } from './plan-form-dialog';

const limit = (value: number | null) => (value === null ? 'Unlimited' : value.toLocaleString('en-US'));

function ArchivePlanDialog({ plan, onClose }: { plan: AdminPlan; onClose: () => void }) {
  const archive = useArchivePlan();
  const confirm = () =>
    archive.mutate(plan.id, {
      onSuccess: () => {
        toast({ title: 'Plan archived', description: `${plan.name} can no longer be assigned.` });
        onClose();
      },
      onError: (error) => notifyError(error),
    });
  return (
    <Dialog open onOpenChange={(next) => !next && onClose()}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Archive {plan.name}?</DialogTitle>
          <DialogDescription>
            {plan.clients > 0
              ? `The ${plan.clients} client${plan.clients === 1 ? '' : 's'} on this plan keep it. `
              : ''}
            An archived plan cannot be assigned to anyone new.
          </DialogDescription>
        </DialogHeader>
        <DialogFooter>
          <Button variant="outline" onClick={onClose}>
            Cancel
          </Button>
          <Button variant="destructive" onClick={confirm} disabled={archive.isPending}>
            Archive plan
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}

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

      {editing?.kind === 'new' ? <PlanFormDialog onClose={close} /> : null}
      {editing?.kind === 'edit' ? <PlanFormDialog plan={editing.plan} onClose={close} /> : null}
      {editing?.kind === 'archive' ? <ArchivePlanDialog plan={editing.plan} onClose={close} /> : null}
    </div>
  );
}

export default PlansPage;
