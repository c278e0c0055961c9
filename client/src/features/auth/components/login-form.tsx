import { useForm } from 'react-hook-form';
import { Link } from 'wouter';

import { Button } from '@/components/ui/button';
import { RegisteredFormField } from '@/components/ui/registered-form-field';
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

  return (
    <form
      noValidate
      onFocus={loginResolver.preload}
      onSubmit={form.handleSubmit((values) => login.mutate(values))}
      className="grid gap-4"
    >
      <RegisteredFormField form={form} name="email" id="login-email" label="Email">
        <Input type="email" autoComplete="email" inputMode="email" placeholder="you@company.com" />
      </RegisteredFormField>
      <RegisteredFormField
        form={form}
        name="password"
        id="login-password"
        label="Password"
        labelAside={
          <Link
            href="/auth?tab=forgot"
            className="text-sm font-medium text-primary underline-offset-4 hover:underline"
          >
            Forgot password?
          </Link>
        }
      >
        <PasswordInput autoComplete="current-password" />
      </RegisteredFormField>
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
