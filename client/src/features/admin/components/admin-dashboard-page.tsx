import { AlertTriangle, Ban, Building2, UserCheck, UserPlus } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'wouter';

import { Badge } from '@/components/ui/badge';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { FullPageSpinner } from '@/components/ui/spinner';
import { formatDate } from '@/lib/utils';

import { useAdminStats } from '../api/get-admin-stats';
// Static: the chart is plain SVG, under 1 KB gzipped; a lazy import of it cost the screen a
// request for almost nothing (issue 43).
import { WeeklyChart } from './weekly-chart';

function StatCard({
  label,
  value,
  icon,
  hint,
}: {
  label: string;
  value: number;
  icon: ReactNode;
  hint: string;
}) {
  return (
    <Card>
      <CardContent className="flex items-start justify-between gap-3 p-5">
        <div>
          <p className="text-sm font-medium text-muted-foreground">{label}</p>
          <p className="mt-1 text-3xl font-semibold tabular-nums">{value.toLocaleString('en-US')}</p>
          <p className="mt-1 text-xs text-muted-foreground">{hint}</p>
        </div>
        <span className="rounded-full bg-accent p-2 text-accent-foreground" aria-hidden="true">
          {icon}
        </span>
      </CardContent>
    </Card>
  );
}

export function AdminDashboardPage() {
  const { data: stats, isPending, error } = useAdminStats();

  if (isPending) return <FullPageSpinner label="Loading platform figures…" />;
  if (error)
    return (
      <p role="alert" className="text-destructive">
        {error.message}
      </p>
    );

  const totals = stats.weekly.reduce(
    (sum, week) => ({ reviews: sum.reviews + week.reviews, requests: sum.requests + week.requests }),
    { reviews: 0, requests: 0 },
  );

  return (
    <div className="grid gap-6">
      <section aria-label="Clients" className="grid gap-4 sm:grid-cols-2 xl:grid-cols-4">
        <StatCard
          label="Total clients"
          value={stats.clients.total}
          icon={<Building2 className="size-5" />}
          hint="All client accounts"
        />
        <StatCard
          label="New this month"
          value={stats.clients.newThisMonth}
          icon={<UserPlus className="size-5" />}
          hint="Signed up since the 1st"
        />
        <StatCard
          label="Active clients"
          value={stats.clients.active}
          icon={<UserCheck className="size-5" />}
          hint="Signed in or sent a request in 30 days"
        />
        <StatCard
          label="Disabled"
          value={stats.clients.disabled}
          icon={<Ban className="size-5" />}
          hint="Accounts that cannot sign in"
        />
      </section>

      <Card>
        <CardHeader>
          <CardTitle>Reviews and requests per week</CardTitle>
          <CardDescription>
            Last 12 weeks, all clients: {totals.reviews.toLocaleString('en-US')} reviews collected,{' '}
            {totals.requests.toLocaleString('en-US')} requests sent.
          </CardDescription>
        </CardHeader>
        <CardContent>
          <WeeklyChart data={stats.weekly} />
        </CardContent>
      </Card>

      <div className="grid gap-6 lg:grid-cols-2">
        <Card>
          <CardHeader>
            <CardTitle className="flex items-center gap-2">
              <AlertTriangle className="size-5 text-amber-500" aria-hidden="true" />
              Delivery failures
            </CardTitle>
            <CardDescription>
              {stats.deliveryFailures.last30Days} failed review request
              {stats.deliveryFailures.last30Days === 1 ? '' : 's'} in the last 30 days
            </CardDescription>
          </CardHeader>
          <CardContent>
            {stats.deliveryFailures.latest.length === 0 ? (
              <p className="text-sm text-muted-foreground">No failed deliveries. All good.</p>
            ) : (
              <ul className="divide-y" aria-label="Latest delivery failures">
                {stats.deliveryFailures.latest.map((failure) => (
                  <li key={failure.id} className="flex flex-col gap-1 py-3 first:pt-0">
                    <div className="flex flex-wrap items-center justify-between gap-2">
                      <Link
                        href={`/admin/client/${failure.clientId}/get-reviews`}
                        className="font-medium hover:underline"
                      >
                        {failure.companyName}
                      </Link>
                      <span className="text-xs text-muted-foreground">{formatDate(failure.failedAt)}</span>
                    </div>
                    <p className="text-sm text-muted-foreground">
                      <Badge variant="outline" className="mr-2 uppercase">
                        {failure.method}
                      </Badge>
                      {failure.reason}
                    </p>
                  </li>
                ))}
              </ul>
            )}
          </CardContent>
        </Card>

        <Card>
          <CardHeader>
            <CardTitle>Recent sign-ups</CardTitle>
            <CardDescription>The 5 newest client accounts</CardDescription>
          </CardHeader>
          <CardContent>
            {stats.recentSignUps.length === 0 ? (
              <p className="text-sm text-muted-foreground">No clients yet.</p>
            ) : (
              <ul className="divide-y" aria-label="Recent sign-ups">
                {stats.recentSignUps.map((client) => (
                  <li key={client.id} className="flex items-center justify-between gap-3 py-3 first:pt-0">
                    <div className="min-w-0">
                      <Link
                        href={`/admin/client/${client.id}`}
                        className="block truncate font-medium hover:underline"
                      >
                        {client.companyName || client.firstName}
                      </Link>
                      <p className="truncate text-sm text-muted-foreground">{client.email}</p>
                    </div>
                    <span className="shrink-0 text-xs text-muted-foreground">
                      {formatDate(client.createdAt)}
                    </span>
                  </li>
                ))}
              </ul>
            )}
          </CardContent>
        </Card>
      </div>
    </div>
  );
}

export default AdminDashboardPage;
