import { ArrowLeft, LayoutDashboard, PlugZap } from 'lucide-react';
import { Link, useSearch } from 'wouter';
import { Button } from '@/components/ui/button';
import { LegalLayout } from './components/legal-layout';

const providerNames: Record<string, string> = {
  google: 'Google Business Profile',
  facebook: 'Facebook',
};

/**
 * The server's OAuth callbacks redirect here with `?provider=` and `?reason=` (shared/schemas/integrations.ts
 * OAUTH_ERROR_REASONS): each reason says what happened and what to do next.
 */
export function describeReason(reason: string | null, providerName: string): string {
  switch (reason) {
    case 'access_denied':
      return `You declined the permission request, so ReviewFlow could not connect to ${providerName}. Connect again and allow access to manage your reviews.`;
    case 'invalid_state':
      return 'The connection link expired or was already used, or it was started in another browser. Please start the connection again from Settings.';
    case 'not_configured':
      return `${providerName} is not set up on this ReviewFlow server yet, so it cannot be connected. Ask your administrator to add the ${providerName} app credentials.`;
    case 'exchange_failed':
      return `${providerName} did not confirm the connection (it refused the sign-in code or did not answer). Please try again in a few minutes.`;
    case 'location_not_found':
      return 'The location you were connecting no longer exists in ReviewFlow. Choose an existing location in Settings and connect again.';
    case 'no_pages':
      return 'Your Facebook account does not manage any Page, or you did not allow ReviewFlow to use one. Connect again and select the Page of your business.';
    case 'no_matching_page':
      return 'Your Facebook account manages several Pages and none matches the Facebook link of this location. Check the location’s Facebook page link in Settings › Locations, then connect again.';
    default:
      return `The connection was cancelled, or ${providerName} refused it.`;
  }
}

// Only echo a short machine-like code back to the page; anything else in the URL is not worth showing.
const REASON_CODE = /^[a-z0-9_.-]{1,64}$/i;

export default function OAuthErrorPage() {
  const params = new URLSearchParams(useSearch());
  const provider = params.get('provider')?.toLowerCase() ?? '';
  const reason = params.get('reason');
  const providerName = providerNames[provider] ?? 'the provider';
  const title = providerNames[provider]
    ? `Couldn’t connect ${providerName}`
    : 'Couldn’t complete the connection';

  return (
    <LegalLayout>
      <section
        aria-labelledby="oauth-error-heading"
        className="mx-auto max-w-xl rounded-2xl border border-border bg-card p-6 text-center text-card-foreground shadow-sm sm:p-10"
      >
        <span
          aria-hidden="true"
          className="mx-auto flex h-14 w-14 items-center justify-center rounded-full bg-destructive/10 text-destructive"
        >
          <PlugZap className="h-7 w-7" />
        </span>
        <h1 id="oauth-error-heading" className="mt-6 text-2xl font-bold tracking-tight sm:text-3xl">
          {title}
        </h1>
        <p className="mt-4 text-base leading-7 text-foreground">{describeReason(reason, providerName)}</p>
        <p className="mt-2 text-sm leading-6 text-muted-foreground">
          Nothing was changed in your account. You can try again from the Integrations tab in Settings
          whenever you are ready.
        </p>
        {reason && REASON_CODE.test(reason) ? (
          <p className="mt-4 text-xs text-muted-foreground">
            Error code: <code className="rounded bg-muted px-1.5 py-0.5 font-mono">{reason}</code>
          </p>
        ) : null}
        <div className="mt-8 flex flex-col-reverse gap-3 sm:flex-row sm:justify-center">
          <Button asChild variant="outline">
            <Link href="/dashboard">
              <LayoutDashboard aria-hidden="true" className="h-4 w-4" />
              Go to Dashboard
            </Link>
          </Button>
          <Button asChild>
            <Link href="/settings?tab=integrations">
              <ArrowLeft aria-hidden="true" className="h-4 w-4" />
              Back to Settings
            </Link>
          </Button>
        </div>
        <p className="mt-8 text-sm text-muted-foreground">
          Still stuck? See{' '}
          <Link
            href="/help#connecting-google"
            className="font-medium text-primary underline underline-offset-4"
          >
            connecting Google in the Help Center
          </Link>{' '}
          or email{' '}
          <a
            href="mailto:support@reviewflow.example"
            className="font-medium text-primary underline underline-offset-4"
          >
            support@reviewflow.example
          </a>
          .
        </p>
      </section>
    </LegalLayout>
  );
}
