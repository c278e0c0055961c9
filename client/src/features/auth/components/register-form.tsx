import { useForm } from 'react-hook-form';

import { Button } from '@/components/ui/button';
import { RegisteredFormField } from '@/components/ui/registered-form-field';
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

  return (
    <form
      noValidate
      onFocus={registerResolver.preload}
      onSubmit={form.handleSubmit((values) => registerUser.mutate(values))}
      className="grid gap-4"
    >
      <div className="grid gap-4 sm:grid-cols-2">
        <RegisteredFormField form={form} name="firstName" id="register-first-name" label="First name">
          <Input autoComplete="given-name" placeholder="Jane" />
        </RegisteredFormField>
        <RegisteredFormField form={form} name="companyName" id="register-company-name" label="Company name">
          <Input autoComplete="organization" placeholder="Acme Dental" />
        </RegisteredFormField>
      </div>
      <RegisteredFormField form={form} name="email" id="register-email" label="Email">
        <Input type="email" autoComplete="email" inputMode="email" placeholder="you@company.com" />
      </RegisteredFormField>
      <RegisteredFormField
        form={form}
        name="password"
        id="register-password"
        label="Password"
        description={NEW_PASSWORD_HINT}
      >
        <PasswordInput autoComplete="new-password" />
      </RegisteredFormField>
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
