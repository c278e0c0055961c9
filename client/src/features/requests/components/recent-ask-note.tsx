import { askedOnText, type LastAsk } from '@shared/review-requests';

const NOTE_CLASS =
  'grid gap-2 rounded-md border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-900 dark:border-amber-700 dark:bg-amber-950 dark:text-amber-100';

/**
 * "Asked on 3 Mar by email": the contact was asked inside the ask window (Settings › Requests), so the
 * request goes only once the owner ticks that they mean to ask again (issue 41).
 */
export function RecentAskNote({
  ask,
  confirmed,
  onConfirmedChange,
  error,
}: {
  ask: LastAsk;
  confirmed: boolean;
  onConfirmedChange: (confirmed: boolean) => void;
  error?: string;
}) {
  return (
    <div className={NOTE_CLASS}>
      <p role="status">
        <span className="font-medium">{askedOnText(ask)}.</span> Each customer is asked at most once every{' '}
        {ask.windowDays} days.
      </p>
      <label className="flex items-center gap-2 font-medium">
        <input
          type="checkbox"
          className="size-4 accent-primary"
          checked={confirmed}
          onChange={(e) => onConfirmedChange(e.target.checked)}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? 'recent-ask-error' : undefined}
        />
        Ask them again anyway
      </label>
      {error ? (
        <p id="recent-ask-error" role="alert" className="font-medium text-destructive">
          {error}
        </p>
      ) : null}
    </div>
  );
}
