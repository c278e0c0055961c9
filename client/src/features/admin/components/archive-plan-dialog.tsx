import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { toast } from '@/components/ui/use-toast';
import { notifyError } from '@/components/ui/notify-error';
import type { AdminPlan } from '@shared/schemas/plans';

import { useArchivePlan } from '../api/save-plan';

export function ArchivePlanDialog({ plan, onClose }: { plan: AdminPlan; onClose: () => void }) {
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
