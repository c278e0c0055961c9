import { useSearchParams } from 'wouter';
import { DASHBOARD_WINDOW_DAYS, isDashboardPeriod, type DashboardPeriod } from '@shared/schemas/dashboard';

/** The period from the address (?period=7|30|90); anything else is the seed's 30 days. */
export function readDashboardPeriod(search: URLSearchParams): DashboardPeriod {
  const days = Number(search.get('period'));
  return isDashboardPeriod(days) ? days : DASHBOARD_WINDOW_DAYS;
}

/**
 * The dashboard's period, kept in the address so a reload or a shared link shows the same; the default stays
 * out of it (/dashboard, not /dashboard?period=30). A change replaces the entry: Back leaves the dashboard.
 */
export function useDashboardPeriod() {
  const [searchParams, setSearchParams] = useSearchParams();
  const period = readDashboardPeriod(searchParams);
  const setPeriod = (days: DashboardPeriod) =>
    setSearchParams(
      (previous) => {
        const next = new URLSearchParams(previous);
        if (days === DASHBOARD_WINDOW_DAYS) next.delete('period');
        else next.set('period', String(days));
        return next;
      },
      { replace: true },
    );
  return [period, setPeriod] as const;
}
