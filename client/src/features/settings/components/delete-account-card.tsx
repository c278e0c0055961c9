import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
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
import { SettingsCard } from '@/components/ui/settings-card';
import { notifyError } from '@/lib/notify-error';
import {
  CURRENT_PASSWORD_INCORRECT,
  DeleteAccountSchema,
  type DeleteAccountInput,
} from '@shared/schemas/settings';

import { useDeleteAccount } from '../api/delete-account';

/** Settings › Profile: deleting the account, confirmed with the current password (issue 11). */
export function DeleteAccountCard() {
  const [open, setOpen] = useState(false);
  const remove = useDeleteAccount();
  const form = useForm<DeleteAccountInput>({
    resolver: zodResolver(DeleteAccountSchema),
    defaultValues: { password: '' },
  });
  const { errors } = form.formState;

  return (
    <SettingsCard
      title="Delete account"
      description={
        <>
          Deletes your account and everything in it: locations, contacts, reviews, requests and templates. A
          paid subscription is cancelled at once. This cannot be undone.
        </>
      }
      className="border-destructive/40"
    >
      <Button variant="destructive" onClick={() => setOpen(true)}>
        Delete account
      </Button>
      <Dialog
        open={open}
        onOpenChange={(next) => {
          setOpen(next);
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
              <Button type="button" variant="outline" onClick={() => setOpen(false)}>
                Keep my account
              </Button>
              <Button type="submit" variant="destructive" pending={remove.isPending} pendingLabel="Deleting…">
                Delete my account
              </Button>
            </DialogFooter>
          </form>
        </DialogContent>
      </Dialog>
    </SettingsCard>
  );
}
