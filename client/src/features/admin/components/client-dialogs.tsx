import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { Controller, useForm, type Control, type FieldValues, type Path } from 'react-hook-form';

import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
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
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { toast } from '@/components/ui/use-toast';
import { isApiError } from '@/lib/api-client';
import { notifyError, toastFeedback } from '@/components/ui/notify-error';
import { NO_PLAN, planIdFromChoice, type AdminClientRow } from '@shared/admin';
import {
  AddClientFormSchema,
  EditClientFormSchema,
  type AddClientFormInput,
  type EditClientFormInput,
} from '@shared/schemas/admin';
import { formatPrice } from '@shared/plans';

import { useCreateClient } from '../api/create-client';
import { useDeleteClient } from '../api/delete-client';
import { useAdminPlans } from '../api/get-admin-plans';
import { useUpdateClient } from '../api/update-client';

const clientName = (client: Pick<AdminClientRow, 'companyName' | 'firstName'>) =>
  client.companyName || client.firstName;

/** The plan select: active plans, plus the client's current plan even when it is archived. */
function PlanSelect<T extends FieldValues>({
  control,
  name,
  current,
}: {
  control: Control<T>;
  name: Path<T>;
  current?: AdminClientRow['plan'];
}) {
  const { data: plans = [], isPending } = useAdminPlans();
  const choices = plans.filter((plan) => !plan.archived || plan.id === current?.id);
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => (
        <Select value={String(field.value)} onValueChange={field.onChange} disabled={isPending}>
          <FormField id={`client-${String(name)}`} label="Plan" error={fieldState.error?.message}>
            <SelectTrigger onBlur={field.onBlur}>
              <SelectValue placeholder="Choose a plan" />
            </SelectTrigger>
          </FormField>
          <SelectContent>
            <SelectItem value={NO_PLAN}>Free</SelectItem>
            {choices.map((plan) => (
              <SelectItem key={plan.id} value={String(plan.id)} disabled={plan.archived}>
                {plan.name} · {formatPrice(plan.priceCents, plan.currency)}
                {plan.archived ? ' (archived)' : ''}
              </SelectItem>
            ))}
          </SelectContent>
        </Select>
      )}
    />
  );
}

/** Puts the server's per-field messages (400 details, 409) next to the fields. */
function applyServerErrors(
  error: unknown,
  setError: (field: 'email' | 'firstName' | 'companyName' | 'planId' | 'password', message: string) => void,
): boolean {
  if (!isApiError(error)) return false;
  if (error.code === 'email_taken') {
    setError('email', error.message);
    return true;
  }
  const details = error.details as Record<string, string[]> | undefined;
  if (error.status !== 400 || !details) return false;
  let shown = false;
  for (const field of ['email', 'firstName', 'companyName', 'planId', 'password'] as const) {
    const message = details[field]?.[0];
    if (message) {
      setError(field, message);
      shown = true;
    }
  }
  return shown;
}

export function AddClientDialog({
  open,
  onOpenChange,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const create = useCreateClient();
  const form = useForm<AddClientFormInput>({
    resolver: zodResolver(AddClientFormSchema),
    defaultValues: { firstName: '', companyName: '', email: '', password: '', planId: NO_PLAN },
  });
  const { errors, isSubmitting } = form.formState;

  const submit = form.handleSubmit(async (values) => {
    try {
      const client = await create.mutateAsync({ ...values, planId: planIdFromChoice(values.planId) });
      toast({ title: 'Client created', description: `${clientName(client)} can now sign in.` });
      form.reset();
      onOpenChange(false);
    } catch (error) {
      if (!applyServerErrors(error, (field, message) => form.setError(field, { message })))
        notifyError(error);
    }
  });

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (!next) form.reset();
        onOpenChange(next);
      }}
    >
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Add client</DialogTitle>
          <DialogDescription>
            Create a client account. Share the password with them securely.
          </DialogDescription>
        </DialogHeader>
        <form onSubmit={submit} noValidate className="grid gap-4">
          <div className="grid gap-4 sm:grid-cols-2">
            <FormField id="add-firstName" label="First name" error={errors.firstName?.message}>
              <Input autoComplete="off" {...form.register('firstName')} />
            </FormField>
            <FormField id="add-companyName" label="Company name" error={errors.companyName?.message}>
              <Input autoComplete="off" {...form.register('companyName')} />
            </FormField>
          </div>
          <FormField id="add-email" label="Email" error={errors.email?.message}>
            <Input type="email" autoComplete="off" {...form.register('email')} />
          </FormField>
          <FormField id="add-password" label="Password" error={errors.password?.message}>
            <Input type="password" autoComplete="new-password" {...form.register('password')} />
          </FormField>
          <PlanSelect control={form.control} name="planId" />
          <DialogFooter>
            <Button variant="outline" onClick={() => onOpenChange(false)}>
              Cancel
            </Button>
            <Button type="submit" pending={isSubmitting} pendingLabel="Creating…">
              Create client
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}

export function EditClientDialog({ client, onClose }: { client: AdminClientRow; onClose: () => void }) {
  const update = useUpdateClient();
  const form = useForm<EditClientFormInput>({
    resolver: zodResolver(EditClientFormSchema),
    defaultValues: {
      firstName: client.firstName,
      companyName: client.companyName,
      email: client.email,
      planId: client.plan ? String(client.plan.id) : NO_PLAN,
    },
  });
  const { errors, isSubmitting } = form.formState;

  const submit = form.handleSubmit(async (values) => {
    try {
      await update.mutateAsync({ id: client.id, ...values, planId: planIdFromChoice(values.planId) });
      toast({ title: 'Client updated', description: `${values.companyName || values.firstName} was saved.` });
      onClose();
    } catch (error) {
      const shown = applyServerErrors(error, (field, message) => {
        if (field !== 'password') form.setError(field, { message });
      });
      if (!shown) notifyError(error);
    }
  });

  return (
    <Dialog open onOpenChange={(next) => !next && onClose()}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Edit client</DialogTitle>
          <DialogDescription>{client.email}</DialogDescription>
        </DialogHeader>
        <form onSubmit={submit} noValidate className="grid gap-4">
          <div className="grid gap-4 sm:grid-cols-2">
            <FormField id="edit-firstName" label="First name" error={errors.firstName?.message}>
              <Input {...form.register('firstName')} />
            </FormField>
            <FormField id="edit-companyName" label="Company name" error={errors.companyName?.message}>
              <Input {...form.register('companyName')} />
            </FormField>
          </div>
          <FormField id="edit-email" label="Email" error={errors.email?.message}>
            <Input type="email" {...form.register('email')} />
          </FormField>
          <PlanSelect control={form.control} name="planId" current={client.plan} />
          <DialogFooter>
            <Button variant="outline" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" pending={isSubmitting} pendingLabel="Saving…">
              Save changes
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}

/** Disabling signs the client out everywhere at once; enabling lets them sign in again. */
export function ClientStatusDialog({ client, onClose }: { client: AdminClientRow; onClose: () => void }) {
  const update = useUpdateClient();
  const disabling = client.status === 'active';
  const name = clientName(client);

  const confirm = () =>
    update.mutate(
      { id: client.id, disabled: disabling },
      toastFeedback(
        {
          title: disabling ? 'Client disabled' : 'Client enabled',
          description: disabling
            ? `${name} has been signed out and cannot sign in.`
            : `${name} can sign in again.`,
        },
        onClose,
      ),
    );

  return (
    <ConfirmDialog
      open
      onOpenChange={(next) => !next && onClose()}
      title={disabling ? `Disable ${name}?` : `Enable ${name}?`}
      description={
        disabling
          ? 'They are signed out at once and cannot sign in until you enable the account again. Their data is kept.'
          : 'They will be able to sign in again with their password.'
      }
      variant={disabling ? 'destructive' : 'default'}
      confirmLabel={disabling ? 'Disable client' : 'Enable client'}
      pending={update.isPending}
      onConfirm={confirm}
    />
  );
}

/** Deleting removes every row of the client: the admin types the company name to confirm. */
export function DeleteClientDialog({ client, onClose }: { client: AdminClientRow; onClose: () => void }) {
  const remove = useDeleteClient();
  const [typed, setTyped] = useState('');
  const name = clientName(client);
  const matches = typed.trim() === name.trim();

  const confirm = () =>
    remove.mutate(
      client.id,
      toastFeedback(
        { title: 'Client deleted', description: `${name} and all their data were deleted.` },
        onClose,
      ),
    );

  return (
    <ConfirmDialog
      open
      onOpenChange={(next) => !next && onClose()}
      title={`Delete ${name}?`}
      description="This permanently deletes the account and all its locations, contacts, requests and reviews. It cannot be undone."
      confirmLabel="Delete client"
      pending={remove.isPending}
      pendingLabel="Deleting…"
      confirmDisabled={!matches}
      onConfirm={confirm}
    >
      <FormField
        id="delete-confirm"
        label={
          <>
            Type <strong>{name}</strong> to confirm
          </>
        }
      >
        <Input value={typed} onChange={(event) => setTyped(event.target.value)} autoComplete="off" />
      </FormField>
    </ConfirmDialog>
  );
}
