import { useEffect } from 'react';
import { useForm } from 'react-hook-form';

import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { SettingsCard } from '@/components/ui/settings-card';
import { FullPageSpinner } from '@/components/ui/spinner';
import { toast } from '@/components/ui/use-toast';
import { isApiError } from '@/lib/api-client';
import { lazyZodResolver } from '@/lib/lazy-zod-resolver';
import { notifyError } from '@/components/ui/notify-error';
import { teamRoleOf } from '@/lib/team-role';
import { useTenant } from '@/lib/tenant';
import { CURRENT_PASSWORD_INCORRECT } from '@shared/account';
import { NEW_PASSWORD_HINT } from '@shared/password-rule';
import type { ChangePasswordFormInput, UpdateProfileInput } from '@shared/schemas/settings';
import type { PublicUser } from '@shared/schemas/user';

import { useChangePassword } from '../api/change-password';
import { useCurrentUser } from '../api/get-current-user';
import { useUpdateProfile } from '../api/update-profile';
import { AccountEmailCard } from './account-email-card';
import { ExportDataCard } from './export-data-card';
import { DeleteAccountCard } from './delete-account-card';
import { ReplyPreferencesCard } from './reply-preferences-card';

// The rules load with a form's first focus, not with the tab (lib/lazy-zod-resolver.ts).
const profileResolver = lazyZodResolver<UpdateProfileInput, UpdateProfileInput>(() =>
  import('@shared/schemas/settings').then((m) => m.UpdateProfileSchema),
);
const passwordResolver = lazyZodResolver<ChangePasswordFormInput, ChangePasswordFormInput>(() =>
  import('@shared/schemas/settings').then((m) => m.ChangePasswordFormSchema),
);

export function ProfileTab() {
  const { clientId } = useTenant();
  const user = useCurrentUser();

  // An admin inside a client's area: the client's credentials are theirs alone (the API answers 403).
  if (clientId !== undefined) {
    return (
      <div className="grid gap-6 lg:grid-cols-2">
        <Card>
          <CardHeader>
            <CardTitle>Profile</CardTitle>
            <CardDescription>
              The client's name, email and password belong to their account: they change them from their own
              settings. Manage the account itself from the Clients screen.
            </CardDescription>
          </CardHeader>
        </Card>
        <ReplyPreferencesCard />
        <ExportDataCard />
      </div>
    );
  }
  if (!user.data) return <FullPageSpinner label="Loading your profile…" />;

  return (
    <div className="grid gap-6 lg:grid-cols-2">
      <ProfileForm user={user.data} />
      <PasswordForm />
      <AccountEmailCard />
      <ReplyPreferencesCard />
      {/* The business's data export is the owner's (issue 16); a member's own login has none. */}
      {teamRoleOf(user.data) === 'owner' ? <ExportDataCard /> : null}
      {user.data.role === 'client' ? <DeleteAccountCard /> : null}
    </div>
  );
}

function ProfileForm({ user }: { user: PublicUser }) {
  const update = useUpdateProfile();
  const form = useForm<UpdateProfileInput>({
    resolver: profileResolver,
    defaultValues: { firstName: user.firstName, companyName: user.companyName, email: user.email },
  });
  const { errors, isDirty } = form.formState;

  useEffect(() => {
    form.reset({ firstName: user.firstName, companyName: user.companyName, email: user.email });
  }, [user, form]);

  return (
    <Card>
      <CardHeader>
        <CardTitle>Profile</CardTitle>
        <CardDescription>Your name and company appear in messages to your customers.</CardDescription>
      </CardHeader>
      <CardContent>
        <form
          noValidate
          className="grid gap-4"
          onFocus={profileResolver.preload}
          onSubmit={form.handleSubmit((values) =>
            update.mutate(values, {
              onSuccess: () => toast({ title: 'Profile updated', description: 'Your changes were saved.' }),
              onError: (error) => {
                if (isApiError(error) && error.status === 409)
                  form.setError('email', { message: error.message });
                else notifyError(error);
              },
            }),
          )}
        >
          <FormField id="profile-first-name" label="First name" error={errors.firstName?.message}>
            <Input autoComplete="given-name" {...form.register('firstName')} />
          </FormField>
          <FormField id="profile-company-name" label="Company name" error={errors.companyName?.message}>
            <Input autoComplete="organization" {...form.register('companyName')} />
          </FormField>
          <FormField
            id="profile-email"
            label="Email"
            error={errors.email?.message}
            description={
              user.emailVerified
                ? 'Verified. To change it, use Change email.'
                : 'Not verified yet: open the link we emailed you.'
            }
          >
            <Input type="email" readOnly autoComplete="email" {...form.register('email')} />
          </FormField>
          <Button
            type="submit"
            className="w-fit"
            pending={update.isPending}
            pendingLabel="Saving…"
            disabled={!isDirty}
          >
            Save profile
          </Button>
        </form>
      </CardContent>
    </Card>
  );
}

const EMPTY_PASSWORDS: ChangePasswordFormInput = {
  currentPassword: '',
  newPassword: '',
  confirmPassword: '',
};

function PasswordForm() {
  const change = useChangePassword();
  const form = useForm<ChangePasswordFormInput>({
    resolver: passwordResolver,
    defaultValues: EMPTY_PASSWORDS,
  });
  const { errors } = form.formState;

  return (
    <SettingsCard
      title="Password"
      description="Changing it signs out every other device signed in to your account."
    >
      <form
        noValidate
        className="grid gap-4"
        onFocus={passwordResolver.preload}
        onSubmit={form.handleSubmit(({ currentPassword, newPassword }) =>
          change.mutate(
            { currentPassword, newPassword },
            {
              onSuccess: () => {
                form.reset(EMPTY_PASSWORDS);
                toast({
                  title: 'Password changed',
                  description: 'Other devices signed in to your account were signed out.',
                });
              },
              onError: (error) => {
                if (error.message === CURRENT_PASSWORD_INCORRECT) {
                  form.setError('currentPassword', { message: error.message });
                } else notifyError(error);
              },
            },
          ),
        )}
      >
        <FormField id="current-password" label="Current password" error={errors.currentPassword?.message}>
          <Input type="password" autoComplete="current-password" {...form.register('currentPassword')} />
        </FormField>
        <FormField
          id="new-password"
          label="New password"
          error={errors.newPassword?.message}
          description={NEW_PASSWORD_HINT}
        >
          <Input type="password" autoComplete="new-password" {...form.register('newPassword')} />
        </FormField>
        <FormField id="confirm-password" label="Confirm new password" error={errors.confirmPassword?.message}>
          <Input type="password" autoComplete="new-password" {...form.register('confirmPassword')} />
        </FormField>
        <Button type="submit" className="w-fit" pending={change.isPending} pendingLabel="Changing…">
          Change password
        </Button>
      </form>
    </SettingsCard>
  );
}
