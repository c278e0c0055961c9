import { zodResolver } from '@hookform/resolvers/zod';
import { Users, XCircle } from 'lucide-react';
import { useForm } from 'react-hook-form';
import { Link, useLocation, useParams } from 'wouter';

import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader } from '@/components/ui/card';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { Spinner } from '@/components/ui/spinner';
import { toast } from '@/components/ui/use-toast';
import { notifyError } from '@/components/ui/notify-error';
import { NEW_PASSWORD_HINT } from '@shared/schemas/auth';
import {
  AcceptInvitationFormSchema,
  TEAM_ROLE_DESCRIPTIONS,
  TEAM_ROLE_LABELS,
  type AcceptInvitationFormInput,
  type InvitationPreview,
} from '@shared/schemas/team';
import type { PublicUser } from '@shared/schemas/user';

import { useUser } from '../api/get-user';
import { homePathFor } from '../api/home-path';
import { useAcceptInvitation, useInvitation } from '../api/invitation';
import { useLogout } from '../api/logout';
import { PasswordInput } from './password-input';

/** /invite/:token: the link in a team invitation (issue 16). Shows the business and role, then joins. */
export function AcceptInvitationPage() {
  const { token = '' } = useParams<{ token: string }>();
  const invitation = useInvitation(token);
  return (
    <main className="flex min-h-dvh items-start justify-center bg-background px-4 py-12 sm:items-center">
      <Card className="w-full max-w-md">
        {invitation.isPending ? (
          <CardContent className="flex justify-center py-10 text-primary">
            <Spinner size="lg" label="Opening your invitation…" />
          </CardContent>
        ) : invitation.isError ? (
          <CardHeader className="items-center text-center">
            <XCircle className="size-10 text-destructive" aria-hidden="true" />
            <h1 className="text-2xl font-bold tracking-tight">This invitation did not work</h1>
            <CardDescription role="alert">{invitation.error.message}</CardDescription>
            <Button asChild variant="outline" className="mt-4">
              <Link href="/auth">Go to sign in</Link>
            </Button>
          </CardHeader>
        ) : (
          <Invitation token={token} invitation={invitation.data} />
        )}
      </Card>
    </main>
  );
}

function Invitation({ token, invitation }: { token: string; invitation: InvitationPreview }) {
  const { data: user, isPending } = useUser();
  const accept = useAcceptInvitation(token);
  const logout = useLogout();
  const [, navigate] = useLocation();

  const joined = (member: PublicUser) => {
    toast({ title: 'Welcome to the team', description: `You joined ${invitation.businessName}.` });
    navigate(homePathFor(member));
  };
  const join = (input: { firstName?: string; password?: string } = {}) =>
    accept.mutate(input, { onSuccess: joined, onError: (error) => notifyError(error) });

  let body;
  if (isPending) body = <Spinner />;
  else if (user && user.email.toLowerCase() !== invitation.email.toLowerCase())
    body = (
      <div className="grid gap-3 text-sm">
        <p role="alert">
          You are signed in as {user.email}, but this invitation is for {invitation.email}. Sign out, then
          open the link again.
        </p>
        <Button variant="outline" onClick={() => logout.mutate()} disabled={logout.isPending}>
          Sign out
        </Button>
      </div>
    );
  else if (user)
    body = (
      <Button onClick={() => join()} disabled={accept.isPending}>
        {accept.isPending ? <Spinner /> : null}
        Join {invitation.businessName}
      </Button>
    );
  else if (invitation.hasAccount)
    body = (
      <div className="grid gap-3 text-sm">
        <p>{invitation.email} already has a login. Sign in with it, then open this link again to join.</p>
        <Button asChild>
          <Link href="/auth">Sign in</Link>
        </Button>
      </div>
    );
  else body = <NewLoginForm email={invitation.email} pending={accept.isPending} onSubmit={join} />;

  return (
    <>
      <CardHeader className="items-center text-center">
        <Users className="size-10 text-primary" aria-hidden="true" />
        <h1 className="text-2xl font-bold tracking-tight">Join {invitation.businessName}</h1>
        <CardDescription>
          You are invited as <strong>{TEAM_ROLE_LABELS[invitation.role].toLowerCase()}</strong>:{' '}
          {TEAM_ROLE_DESCRIPTIONS[invitation.role].toLowerCase()}
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">{body}</CardContent>
    </>
  );
}

function NewLoginForm({
  email,
  pending,
  onSubmit,
}: {
  email: string;
  pending: boolean;
  onSubmit: (values: AcceptInvitationFormInput) => void;
}) {
  const form = useForm<AcceptInvitationFormInput>({
    resolver: zodResolver(AcceptInvitationFormSchema),
    defaultValues: { firstName: '', password: '' },
  });
  const { errors } = form.formState;
  return (
    <form onSubmit={form.handleSubmit(onSubmit)} noValidate className="grid gap-4">
      <FormField id="invite-login-email" label="Email">
        <Input value={email} readOnly autoComplete="username" />
      </FormField>
      <FormField id="invite-first-name" label="Your name" error={errors.firstName?.message}>
        <Input autoComplete="given-name" {...form.register('firstName')} />
      </FormField>
      <FormField
        id="invite-password"
        label="Choose a password"
        error={errors.password?.message}
        description={NEW_PASSWORD_HINT}
      >
        <PasswordInput autoComplete="new-password" {...form.register('password')} />
      </FormField>
      <Button type="submit" disabled={pending}>
        {pending ? <Spinner /> : null}
        Create login and join
      </Button>
    </form>
  );
}

export default AcceptInvitationPage;
