import { cn } from '@/lib/utils';

/**
 * The rating bar colour (seed-spec section 9): green at 80% and above, light green at 60%, yellow at 40%,
 * red below. `percent` is how good the bar's value is, 0 to 100.
 */
export function ratingBarTone(percent: number): 'green' | 'light-green' | 'yellow' | 'red' {
  if (percent >= 80) return 'green';
  if (percent >= 60) return 'light-green';
  if (percent >= 40) return 'yellow';
  return 'red';
}

const TONE_CLASSES: Record<ReturnType<typeof ratingBarTone>, string> = {
  green: 'bg-green-600 dark:bg-green-500',
  'light-green': 'bg-lime-500 dark:bg-lime-400',
  yellow: 'bg-yellow-400 dark:bg-yellow-300',
  red: 'bg-red-500 dark:bg-red-400',
};

interface RatingBarProps {
  /** How full the bar is, 0 to 100. */
  fill: number;
  /** What picks the colour, 0 to 100 (defaults to the fill). */
  quality?: number;
  label: string;
  className?: string;
}

/** A thin horizontal bar, coloured by the spec's thresholds. */
export function RatingBar({ fill, quality = fill, label, className }: RatingBarProps) {
  const width = Math.max(0, Math.min(100, fill));
  const tone = ratingBarTone(quality);
  return (
    <div
      role="meter"
      aria-label={label}
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={Math.round(width)}
      data-tone={tone}
      className={cn('h-2 w-full overflow-hidden rounded-full bg-muted', className)}
    >
      <div
        className={cn('h-full rounded-full transition-[width]', TONE_CLASSES[tone])}
        style={{ width: `${width}%` }}
      />
    </div>
  );
}
