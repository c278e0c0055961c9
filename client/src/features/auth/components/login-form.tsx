import { useForm } from 'react-hook-form';
import { Link } from 'wouter';

import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { lazyZodResolver } from '@/lib/lazy-zod-resolver';
import type { LoginInput } from '@shared/schemas/auth';

import { useLogin } from '../api/login';
import { PasswordInput } from './password-input';

// The sign-in rules load with the form's first focus, not with the page (lib/lazy-zod-resolver.ts).
const loginResolver = lazyZodResolver<LoginInput, LoginInput>(() =>
  import('@shared/schemas/auth').then((m) => m.LoginSchema),
);

export function LoginForm() {
  const login = useLogin();
  const form = useForm<LoginInput, unknown, LoginInput>({
    resolver: loginResolver,
    defaultValues: { email: '', password: '' },
  });
  const { errors } = form.formState;

  return (
    <form
      noValidate
      onFocus={loginResolver.preload}
      onSubmit={form.handleSubmit((values) => login.mutate(values))}
      className="grid gap-4"
    >
      <FormField id="login-email" label="Email" error={errors.email?.message}>
        <Input
          type="email"
          autoComplete="email"
          inputMode="email"
          placeholder="you@company.com"
          {...form.register('email')}
        />
      </FormField>
      <FormField
        id="login-password"
        label="Password"
        error={errors.password?.message}
        labelAside={
          <Link
            href="/auth?tab=forgot"
            className="text-sm font-medium text-primary underline-offset-4 hover:underline"
          >
            Forgot password?
          </Link>
        }
      >
        <PasswordInput autoComplete="current-password" {...form.register('password')} />
      </FormField>
      <Button
        type="submit"
        size="lg"
        className="mt-2 w-full"
        pending={login.isPending}
        pendingLabel="Signing in…"
      >
        Sign in
      </Button>
    </form>
  );
}
