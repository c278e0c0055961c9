import { useForm } from 'react-hook-form';

import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { SettingsCard } from '@/components/ui/settings-card';
import { toast } from '@/components/ui/use-toast';
import { isApiError } from '@/lib/api-client';
import { lazyZodResolver } from '@/lib/lazy-zod-resolver';
import { notifyError } from '@/components/ui/notify-error';
import { CURRENT_PASSWORD_INCORRECT, EMAIL_VERIFICATION_MESSAGES } from '@shared/account';
import type { ChangeEmailInput } from '@shared/schemas/account';

import { useChangeEmail, useEmailStatus } from '../api/change-email';

const EMPTY: ChangeEmailInput = { email: '', currentPassword: '' };
// The rules load with the form's first focus (lib/lazy-zod-resolver.ts).
const changeEmailResolver = lazyZodResolver<ChangeEmailInput, ChangeEmailInput>(() =>
  import('@shared/schemas/account').then((m) => m.ChangeEmailSchema),
);

/** Change email: the current password, then a link to the new address; the pending address shows here. */
export function AccountEmailCard() {
  const status = useEmailStatus();
  const change = useChangeEmail();
  const form = useForm<ChangeEmailInput>({ resolver: changeEmailResolver, defaultValues: EMPTY });
  const { errors } = form.formState;
  const pending = status.data?.pendingEmail ?? null;

  return (
    <SettingsCard
      title="Change email"
      description="You sign in with your email. A new one applies once you open the link we send to it."
      contentClassName="grid gap-4"
    >
      {pending ? (
        <p
          role="status"
          className="rounded-md border border-amber-200 bg-amber-50 p-3 text-sm text-amber-900 dark:border-amber-900 dark:bg-amber-950 dark:text-amber-100"
        >
          Waiting for confirmation: we sent a link to <strong className="break-all">{pending}</strong>. Your
          email changes when you open it (within 48 hours).
        </p>
      ) : null}
      <form
        noValidate
        className="grid gap-4"
        onFocus={changeEmailResolver.preload}
        onSubmit={form.handleSubmit((values) =>
          change.mutate(values, {
            onSuccess: () => {
              form.reset(EMPTY);
              toast({ title: 'Check your new inbox', description: EMAIL_VERIFICATION_MESSAGES.changeSent });
            },
            onError: (error) => {
              if (error.message === CURRENT_PASSWORD_INCORRECT)
                form.setError('currentPassword', { message: error.message });
              else if (isApiError(error) && (error.status === 409 || error.status === 400))
                form.setError('email', { message: error.message });
              else notifyError(error);
            },
          }),
        )}
      >
        <FormField id="new-email" label="New email" error={errors.email?.message}>
          <Input type="email" inputMode="email" autoComplete="email" {...form.register('email')} />
        </FormField>
        <FormField
          id="email-current-password"
          label="Your current password"
          error={errors.currentPassword?.message}
        >
          <Input type="password" autoComplete="current-password" {...form.register('currentPassword')} />
        </FormField>
        <Button type="submit" className="w-fit" pending={change.isPending} pendingLabel="Sending…">
          Send confirmation link
        </Button>
      </form>
    </SettingsCard>
  );
}
