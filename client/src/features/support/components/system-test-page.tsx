import { useQuery } from '@tanstack/react-query';
import { AlertTriangle, CheckCircle2, RefreshCw, XCircle } from 'lucide-react';
import { Link } from 'wouter';

import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { FullPageSpinner } from '@/components/ui/spinner';
import { useTenant } from '@/lib/tenant';
import type { CheckStatus, SystemTestResult } from '@shared/admin';

const ICONS: Record<CheckStatus, { icon: typeof CheckCircle2; className: string; label: string }> = {
  ok: { icon: CheckCircle2, className: 'text-emerald-700 dark:text-emerald-400', label: 'OK' },
  warning: { icon: AlertTriangle, className: 'text-amber-500', label: 'Warning' },
  error: { icon: XCircle, className: 'text-destructive', label: 'Error' },
};

/** GET {apiBase}/system-test: the tenant's setup, checked (the query key is the URL). */
function useSystemTest() {
  const { apiBase } = useTenant();
  return useQuery<SystemTestResult>({ queryKey: [`${apiBase}/system-test`], staleTime: 0 });
}

export function SystemTestPage() {
  const { routeBase } = useTenant();
  const { data, isPending, error, refetch, isFetching } = useSystemTest();

  if (isPending) return <FullPageSpinner label="Running the checks…" />;
  if (error)
    return (
      <p role="alert" className="text-destructive">
        {error.message}
      </p>
    );

  const counts = data.checks.reduce<Record<CheckStatus, number>>(
    (sum, check) => ({ ...sum, [check.status]: sum[check.status] + 1 }),
    { ok: 0, warning: 0, error: 0 },
  );

  return (
    <Card>
      <CardHeader className="flex-row flex-wrap items-start justify-between gap-3">
        <div>
          <CardTitle>Setup checks</CardTitle>
          <CardDescription>
            {counts.ok} passed, {counts.warning} warning{counts.warning === 1 ? '' : 's'}, {counts.error}{' '}
            error
            {counts.error === 1 ? '' : 's'} · checked {new Date(data.checkedAt).toLocaleTimeString('en-US')}
          </CardDescription>
        </div>
        <Button variant="outline" size="sm" onClick={() => void refetch()} disabled={isFetching}>
          <RefreshCw className={isFetching ? 'animate-spin' : undefined} aria-hidden="true" />
          Run again
        </Button>
      </CardHeader>
      <CardContent>
        <ul className="divide-y" aria-label="Checks">
          {data.checks.map((check) => {
            const { icon: Icon, className, label } = ICONS[check.status];
            return (
              <li key={check.id} className="flex items-start gap-3 py-3">
                <Icon className={`mt-0.5 size-5 shrink-0 ${className}`} aria-hidden="true" />
                <div className="min-w-0 flex-1">
                  <p className="font-medium">
                    {check.label}
                    <span className="sr-only">: {label}</span>
                  </p>
                  <p className="text-sm text-muted-foreground">{check.detail}</p>
                </div>
                {check.status !== 'ok' && check.fixPath ? (
                  <Button asChild variant="outline" size="sm">
                    <Link href={`${routeBase}${check.fixPath}`} aria-label={`Fix: ${check.label}`}>
                      Fix
                    </Link>
                  </Button>
                ) : null}
              </li>
            );
          })}
        </ul>
      </CardContent>
    </Card>
  );
}

export default SystemTestPage;
