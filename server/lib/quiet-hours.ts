/**
 * Quiet hours: no message reaches a customer at night in their own time zone. Times are minutes after
 * local midnight; a window that starts after it ends (21:00 to 08:00) spans midnight.
 */
export interface QuietHours {
  start: number;
  end: number;
}

interface LocalTime {
  year: number;
  month: number;
  day: number;
  minutes: number;
}

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterFor(timeZone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
    formatters.set(timeZone, formatter);
  }
  return formatter;
}

function localTime(at: Date, timeZone: string): LocalTime & { offsetMs: number } {
  const parts: Record<string, number> = {};
  for (const part of formatterFor(timeZone).formatToParts(at))
    if (part.type !== 'literal') parts[part.type] = Number(part.value);
  const asUtc = Date.UTC(
    parts.year!,
    parts.month! - 1,
    parts.day!,
    parts.hour!,
    parts.minute!,
    parts.second!,
  );
  return {
    year: parts.year!,
    month: parts.month!,
    day: parts.day!,
    minutes: parts.hour! * 60 + parts.minute!,
    offsetMs: asUtc - Math.floor(at.getTime() / 1000) * 1000,
  };
}

/** The instant the zone's clocks show this local date and time (twice checked, for a DST change between). */
function instantOf(local: LocalTime, timeZone: string): Date {
  const wall = Date.UTC(local.year, local.month - 1, local.day, 0, local.minutes);
  let guess = wall - localTime(new Date(wall), timeZone).offsetMs;
  guess = wall - localTime(new Date(guess), timeZone).offsetMs;
  return new Date(guess);
}

export function isQuiet(minutes: number, quiet: QuietHours): boolean {
  if (quiet.start === quiet.end) return false;
  return quiet.start < quiet.end
    ? minutes >= quiet.start && minutes < quiet.end
    : minutes >= quiet.start || minutes < quiet.end;
}

/** `due` itself when it is outside the quiet hours in `timeZone`, else the end of those quiet hours. */
export function nextAllowedTime(due: Date, timeZone: string, quiet: QuietHours | null): Date {
  if (!quiet) return due;
  const local = localTime(due, timeZone);
  if (!isQuiet(local.minutes, quiet)) return due;
  // The quiet hours end today when we are past midnight inside them (or they do not span midnight).
  const endsTomorrow = quiet.start > quiet.end && local.minutes >= quiet.start;
  const day = new Date(Date.UTC(local.year, local.month - 1, local.day + (endsTomorrow ? 1 : 0)));
  return instantOf(
    {
      year: day.getUTCFullYear(),
      month: day.getUTCMonth() + 1,
      day: day.getUTCDate(),
      minutes: quiet.end,
    },
    timeZone,
  );
}
