import { useForm } from 'react-hook-form';

import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { lazyZodResolver } from '@/lib/lazy-zod-resolver';
import { NEW_PASSWORD_HINT } from '@shared/password-rule';
import type { RegisterFormInput } from '@shared/schemas/auth';

import { useRegister } from '../api/register';
import { PasswordInput } from './password-input';

// The sign-up rules load with the form's first focus, not with the page (lib/lazy-zod-resolver.ts).
const registerResolver = lazyZodResolver<RegisterFormInput, RegisterFormInput>(() =>
  import('@shared/schemas/auth').then((m) => m.RegisterFormSchema),
);

export function RegisterForm() {
  const registerUser = useRegister();
  const form = useForm<RegisterFormInput, unknown, RegisterFormInput>({
    resolver: registerResolver,
    defaultValues: { firstName: '', companyName: '', email: '', password: '' },
  });
  const { errors } = form.formState;

  return (
    <form
      noValidate
      onFocus={registerResolver.preload}
      onSubmit={form.handleSubmit((values) => registerUser.mutate(values))}
      className="grid gap-4"
    >
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField id="register-first-name" label="First name" error={errors.firstName?.message}>
          <Input autoComplete="given-name" placeholder="Jane" {...form.register('firstName')} />
        </FormField>
        <FormField id="register-company-name" label="Company name" error={errors.companyName?.message}>
          <Input autoComplete="organization" placeholder="Acme Dental" {...form.register('companyName')} />
        </FormField>
      </div>
      <FormField id="register-email" label="Email" error={errors.email?.message}>
        <Input
          type="email"
          autoComplete="email"
          inputMode="email"
          placeholder="you@company.com"
          {...form.register('email')}
        />
      </FormField>
      <FormField
        id="register-password"
        label="Password"
        error={errors.password?.message}
        description={NEW_PASSWORD_HINT}
      >
        <PasswordInput autoComplete="new-password" {...form.register('password')} />
      </FormField>
      <Button
        type="submit"
        size="lg"
        className="mt-2 w-full"
        pending={registerUser.isPending}
        pendingLabel="Creating account…"
      >
        Create account
      </Button>
    </form>
  );
}
