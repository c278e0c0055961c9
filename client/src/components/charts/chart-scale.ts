const weekFormat = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', timeZone: 'UTC' });

/** A week's Monday, 'YYYY-MM-DD' (UTC, as the API sends it), as an axis label: 'Dec 1'. */
export function formatWeek(week: string): string {
  return weekFormat.format(new Date(`${week}T00:00:00Z`));
}

/**
 * Whole-number ticks from 0 to a round top at or above `max`, about `target` steps apart (1, 2 or 5 times a
 * power of ten): counts of reviews and requests have no halves. An empty series still gets an axis, 0 to 1.
 */
export function integerTicks(max: number, target = 4): number[] {
  if (!(max > 0)) return [0, 1];
  const rough = max / target;
  const magnitude = 10 ** Math.floor(Math.log10(rough));
  const step = Math.max(1, [1, 2, 5, 10].map((m) => m * magnitude).find((s) => s >= rough) ?? rough);
  const top = Math.ceil(max / step) * step;
  return Array.from({ length: top / step + 1 }, (_, i) => i * step);
}

/** Roughly the width of a character of a 12 px label, and the gap kept between two labels. */
const CHAR_WIDTH = 6.5;
const LABEL_GAP = 10;

/** The room the longest of these labels takes at 12 px, with the gap to the next one. */
export function labelWidth(labels: string[]): number {
  return Math.max(0, ...labels.map((label) => label.length)) * CHAR_WIDTH + LABEL_GAP;
}

/**
 * Every how many weeks an x label is shown so that labels never overlap: every week on a desktop, every second
 * or third on a phone.
 */
export function labelStep(count: number, plotWidth: number, width: number): number {
  if (count <= 1 || plotWidth <= 0) return 1;
  return Math.max(1, Math.ceil((count * width) / plotWidth));
}
