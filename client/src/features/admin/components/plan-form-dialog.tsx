import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';

import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { Textarea } from '@/components/ui/textarea';
import { toast } from '@/components/ui/use-toast';
import { notifyError } from '@/components/ui/notify-error';
import {
  PlanFormSchema,
  planFormValues,
  type Plan,
  type PlanFormInput,
  type PlanInput,
} from '@shared/schemas/plans';

import { useCreatePlan, useUpdatePlan } from '../api/save-plan';

/** Create a plan (no `plan`) or edit one. Validated by the shared PlanFormSchema. */
export function PlanFormDialog({ plan, onClose }: { plan?: Plan; onClose: () => void }) {
  const create = useCreatePlan();
  const update = useUpdatePlan();
  const form = useForm<PlanFormInput, unknown, PlanInput>({
    resolver: zodResolver(PlanFormSchema),
    defaultValues: planFormValues(plan),
  });
  const { errors, isSubmitting } = form.formState;

  const submit = form.handleSubmit(async (values) => {
    try {
      const saved = plan
        ? await update.mutateAsync({ id: plan.id, ...values })
        : await create.mutateAsync(values);
      toast({ title: plan ? 'Plan updated' : 'Plan created', description: `${saved.name} was saved.` });
      onClose();
    } catch (error) {
      notifyError(error);
    }
  });

  return (
    <Dialog open onOpenChange={(next) => !next && onClose()}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{plan ? 'Edit plan' : 'New plan'}</DialogTitle>
          <DialogDescription>Leave a limit empty for unlimited.</DialogDescription>
        </DialogHeader>
        <form onSubmit={submit} noValidate className="grid gap-4">
          <FormField id="plan-name" label="Name" error={errors.name?.message}>
            <Input {...form.register('name')} />
          </FormField>
          <div className="grid grid-cols-[1fr_6rem] gap-4">
            <FormField id="plan-price" label="Price per month" error={errors.price?.message}>
              <Input inputMode="decimal" placeholder="29.00" {...form.register('price')} />
            </FormField>
            <FormField id="plan-currency" label="Currency" error={errors.currency?.message}>
              <Input maxLength={3} className="uppercase" {...form.register('currency')} />
            </FormField>
          </div>
          <div className="grid gap-4 sm:grid-cols-2">
            <FormField
              id="plan-requests"
              label="Review requests per month"
              error={errors.reviewRequestLimit?.message}
            >
              <Input inputMode="numeric" placeholder="Unlimited" {...form.register('reviewRequestLimit')} />
            </FormField>
            <FormField id="plan-locations" label="Locations" error={errors.locationsLimit?.message}>
              <Input inputMode="numeric" placeholder="Unlimited" {...form.register('locationsLimit')} />
            </FormField>
          </div>
          <FormField
            id="plan-features"
            label="Features"
            description="One per line."
            error={errors.features?.message}
          >
            <Textarea rows={4} {...form.register('features')} />
          </FormField>
          <FormField
            id="plan-stripe"
            label="Stripe price id (optional)"
            error={errors.stripePriceId?.message}
          >
            <Input placeholder="price_…" {...form.register('stripePriceId')} />
          </FormField>
          <DialogFooter>
            <Button variant="outline" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" pending={isSubmitting} pendingLabel="Saving…">
              {plan ? 'Save plan' : 'Create plan'}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
