import { useForm } from 'react-hook-form';
import { Link } from 'wouter';

import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { lazyZodResolver } from '@/lib/lazy-zod-resolver';
import type { ForgotPasswordInput } from '@shared/schemas/auth';

import { useForgotPassword, useResetPassword } from '../api/password-reset';
import { PasswordInput } from './password-input';

const backToSignIn = (
  <Link href="/auth" className="text-sm font-medium text-primary underline underline-offset-4">
    Back to sign in
  </Link>
);

// The rules load with each form's first focus, not with the sign-in page (lib/lazy-zod-resolver.ts).
const forgotResolver = lazyZodResolver<ForgotPasswordInput, ForgotPasswordInput>(() =>
  import('@shared/schemas/auth').then((m) => m.ForgotPasswordSchema),
);
const newPasswordResolver = lazyZodResolver<{ password: string }, { password: string }>(() =>
  // The reset's own rule for the password, without the token the page holds.
  import('@shared/schemas/auth').then((m) => m.ResetPasswordSchema.pick({ password: true })),
);

/** "Forgot password?": asks for the email and says the same whatever it is (issue 11). */
export function ForgotPasswordForm() {
  const forgot = useForgotPassword();
  const form = useForm<ForgotPasswordInput, unknown, ForgotPasswordInput>({
    resolver: forgotResolver,
    defaultValues: { email: '' },
  });
  const { errors } = form.formState;

  if (forgot.data)
    return (
      <div className="grid gap-4">
        <p role="status" className="rounded-md border bg-muted/40 p-3 text-sm">
          {forgot.data.message}
        </p>
        {backToSignIn}
      </div>
    );
  return (
    <form
      noValidate
      onFocus={forgotResolver.preload}
      onSubmit={form.handleSubmit((values) => forgot.mutate(values))}
      className="grid gap-4"
    >
      <p className="text-sm text-muted-foreground">
        Enter the email of your account and we will send you a link to choose a new password.
      </p>
      <FormField id="forgot-email" label="Email" error={errors.email?.message}>
        <Input type="email" autoComplete="email" inputMode="email" {...form.register('email')} />
      </FormField>
      {forgot.error ? (
        <p role="alert" className="text-sm text-destructive">
          {forgot.error.message}
        </p>
      ) : null}
      <Button type="submit" size="lg" className="w-full" pending={forgot.isPending} pendingLabel="Sending…">
        Send the reset link
      </Button>
      {backToSignIn}
    </form>
  );
}

/** The page the emailed link opens (/auth?reset=...): a new password, once. */
export function ResetPasswordForm({ token }: { token: string }) {
  const reset = useResetPassword();
  const form = useForm<{ password: string }, unknown, { password: string }>({
    resolver: newPasswordResolver,
    defaultValues: { password: '' },
  });
  const { errors } = form.formState;

  if (reset.data)
    return (
      <div className="grid gap-4">
        <p role="status" className="rounded-md border bg-muted/40 p-3 text-sm">
          {reset.data.message}
        </p>
        <Button asChild size="lg" className="w-full">
          <Link href="/auth">Sign in</Link>
        </Button>
      </div>
    );
  return (
    <form
      noValidate
      onFocus={newPasswordResolver.preload}
      onSubmit={form.handleSubmit(({ password }) => reset.mutate({ token, password }))}
      className="grid gap-4"
    >
      <FormField id="reset-password" label="New password" error={errors.password?.message}>
        <PasswordInput autoComplete="new-password" {...form.register('password')} />
      </FormField>
      {reset.error ? (
        <p role="alert" className="text-sm text-destructive">
          {reset.error.message}{' '}
          <Link href="/auth?tab=forgot" className="font-medium underline">
            Ask for a new link
          </Link>
        </p>
      ) : null}
      <Button type="submit" size="lg" className="w-full" pending={reset.isPending} pendingLabel="Saving…">
        Set the new password
      </Button>
    </form>
  );
}
