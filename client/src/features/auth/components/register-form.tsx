import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';

import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { Spinner } from '@/components/ui/spinner';
import { NEW_PASSWORD_HINT, RegisterFormSchema } from '@shared/schemas/auth';

import { useRegister } from '../api/register';
import { PasswordInput } from './password-input';

export function RegisterForm() {
  const registerUser = useRegister();
  const form = useForm({
    resolver: zodResolver(RegisterFormSchema),
    defaultValues: { firstName: '', companyName: '', email: '', password: '' },
  });
  const { errors } = form.formState;

  return (
    <form
      noValidate
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
        <PasswordInput autoComplete="new-password" placeholder="••••••••" {...form.register('password')} />
      </FormField>
      <Button type="submit" size="lg" className="mt-2 w-full" disabled={registerUser.isPending}>
        {registerUser.isPending ? <Spinner size="sm" label="Creating account…" /> : null}
        Create account
      </Button>
    </form>
  );
}
