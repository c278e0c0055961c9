import { MailWarning } from 'lucide-react';

import { Button } from '@/components/ui/button';
import { toast } from '@/components/ui/use-toast';
import { notifyError } from '@/components/ui/notify-error';
import type { PublicUser } from '@shared/schemas/user';

import { useResendVerification } from '../api/verify-email';

/** The slim banner an unverified owner sees on every screen until they follow the link (issue 11). */
export function VerifyEmailBanner({ user }: { user: Pick<PublicUser, 'email' | 'emailVerified' | 'role'> }) {
  const resend = useResendVerification();
  if (user.emailVerified || user.role !== 'client') return null;
  return (
    <div
      role="region"
      aria-label="Confirm your email"
      className="flex flex-wrap items-center justify-center gap-x-3 gap-y-1 border-b border-amber-200 bg-amber-50 text-amber-900 dark:border-amber-900 dark:bg-amber-950 dark:text-amber-100 px-4 py-2 text-center text-sm"
    >
      <MailWarning className="size-4 shrink-0" aria-hidden="true" />
      <span>
        Confirm your email: we sent a link to <strong className="break-all">{user.email}</strong>. Until then,
        sending review requests is capped.
      </span>
      <Button
        variant="link"
        size="sm"
        className="h-auto p-0"
        disabled={resend.isPending}
        onClick={() =>
          resend.mutate(undefined, {
            onSuccess: ({ message }) => toast({ title: 'Link sent', description: message }),
            onError: (error) => notifyError(error),
          })
        }
      >
        Resend
      </Button>
    </div>
  );
}
