import { CheckCircle2, XCircle } from 'lucide-react';
import { Link, useSearchParams } from 'wouter';

import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader } from '@/components/ui/card';
import { Spinner } from '@/components/ui/spinner';
import { EMAIL_VERIFICATION_MESSAGES } from '@shared/schemas/account';

import { useUser } from '../api/get-user';
import { homePathFor } from '../api/home-path';
import { useVerifyEmail } from '../api/verify-email';

/** /verify-email?token=...: the link in the welcome (or change-of-email) message lands here. */
export function VerifyEmailPage() {
  const [searchParams] = useSearchParams();
  const token = searchParams.get('token') ?? '';
  return (
    <main className="flex min-h-dvh items-start justify-center bg-background px-4 py-12 sm:items-center">
      <Card className="w-full max-w-md">
        {token ? (
          <Verification token={token} />
        ) : (
          <Outcome ok={false} message={EMAIL_VERIFICATION_MESSAGES.invalid} />
        )}
      </Card>
    </main>
  );
}

function Verification({ token }: { token: string }) {
  const verify = useVerifyEmail(token);
  if (verify.isPending) {
    return (
      <CardContent className="flex justify-center py-10 text-primary">
        <Spinner size="lg" label="Confirming your email…" />
      </CardContent>
    );
  }
  return verify.isSuccess ? (
    <Outcome ok message={verify.data.message} />
  ) : (
    <Outcome ok={false} message={verify.error.message} />
  );
}

function Outcome({ ok, message }: { ok: boolean; message: string }) {
  const { data: user } = useUser();
  const Icon = ok ? CheckCircle2 : XCircle;
  return (
    <>
      <CardHeader className="items-center text-center">
        <Icon className={ok ? 'size-10 text-emerald-700' : 'size-10 text-destructive'} aria-hidden="true" />
        <h1 className="text-2xl font-bold tracking-tight">
          {ok ? 'Email confirmed' : 'This link did not work'}
        </h1>
        <CardDescription role={ok ? 'status' : 'alert'}>{message}</CardDescription>
      </CardHeader>
      <CardContent className="flex justify-center">
        <Button asChild>
          {user ? (
            <Link href={homePathFor(user)}>Go to your dashboard</Link>
          ) : (
            <Link href="/auth">Sign in</Link>
          )}
        </Button>
      </CardContent>
    </>
  );
}

export default VerifyEmailPage;
