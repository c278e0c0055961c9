import { DASHBOARD_PERIODS, type DashboardPeriod } from '@shared/schemas/dashboard';

import { cn } from '@/lib/utils';

/**
 * The period the cards cover: three toggle buttons, the pressed one the period shown. Buttons rather than a
 * select: every choice is in sight and one tap away on a phone.
 */
export function PeriodPicker({
  period,
  onChange,
}: {
  period: DashboardPeriod;
  onChange: (days: DashboardPeriod) => void;
}) {
  return (
    <div role="group" aria-label="Period" className="inline-flex rounded-lg border bg-muted p-0.5">
      {DASHBOARD_PERIODS.map((days) => (
        <button
          key={days}
          type="button"
          aria-pressed={days === period}
          onClick={() => onChange(days)}
          className={cn(
            'min-h-9 rounded-md px-3 text-sm font-medium text-muted-foreground transition-colors',
            'hover:text-foreground focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring',
            days === period && 'bg-background text-foreground shadow-sm',
          )}
        >
          {days} days
        </button>
      ))}
    </div>
  );
}
