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
import { lazyZodResolver } from '@/lib/lazy-zod-resolver';
import { notifyError } from '@/components/ui/notify-error';
import { CURRENT_PASSWORD_INCORRECT } from '@shared/account';
import type { DeleteAccountInput } from '@shared/schemas/settings';

import { useDeleteAccount } from '../api/delete-account';

const deleteAccountResolver = lazyZodResolver<DeleteAccountInput, DeleteAccountInput>(() =>
  import('@shared/schemas/settings').then((m) => m.DeleteAccountSchema),
);

/** Deleting the account, confirmed with the current password (issue 11); loaded when first opened. */
export function DeleteAccountDialog({
  open,
  onOpenChange,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const remove = useDeleteAccount();
  const form = useForm<DeleteAccountInput>({
    resolver: deleteAccountResolver,
    defaultValues: { password: '' },
  });
  const { errors } = form.formState;

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        onOpenChange(next);
        if (!next) form.reset({ password: '' });
      }}
    >
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Delete your account?</DialogTitle>
          <DialogDescription>
            Everything in your account is deleted and any subscription is cancelled. Enter your password to
            confirm.
          </DialogDescription>
        </DialogHeader>
        <form
          noValidate
          onFocus={deleteAccountResolver.preload}
          className="grid gap-4"
          onSubmit={form.handleSubmit((values) =>
            remove.mutate(values, {
              onError: (error) => {
                if (error.message === CURRENT_PASSWORD_INCORRECT)
                  form.setError('password', { message: error.message });
                else notifyError(error);
              },
            }),
          )}
        >
          <FormField id="delete-account-password" label="Password" error={errors.password?.message}>
            <Input type="password" autoComplete="current-password" {...form.register('password')} />
          </FormField>
          <DialogFooter className="gap-2">
            <Button type="button" variant="outline" onClick={() => onOpenChange(false)}>
              Keep my account
            </Button>
            <Button type="submit" variant="destructive" pending={remove.isPending} pendingLabel="Deleting…">
              Delete my account
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
