import { describe, expect, it } from 'vitest';
import { isTimeZone } from '@shared/schemas/request-settings';
import { nextAllowedTime } from '../quiet-hours';

const NIGHT = { start: 21 * 60, end: 8 * 60 };

describe('nextAllowedTime', () => {
  it.each([
    // 22:30 local on 10 March 2026 in each zone, and 08:00 local the next morning.
    ['Europe/Paris', '2026-03-10T21:30:00Z', '2026-03-11T07:00:00Z'],
    ['America/New_York', '2026-03-11T02:30:00Z', '2026-03-11T12:00:00Z'],
    ['Asia/Tokyo', '2026-03-10T13:30:00Z', '2026-03-10T23:00:00Z'],
  ])('holds a message due at 22:30 in %s until 08:00 there', (zone, due, expected) => {
    expect(nextAllowedTime(new Date(due), zone, NIGHT).toISOString()).toBe(new Date(expected).toISOString());
  });

  it('holds a message due at 03:00 until 08:00 the same morning', () => {
    // 03:00 in London (winter, UTC+0).
    expect(nextAllowedTime(new Date('2026-01-15T03:00:00Z'), 'Europe/London', NIGHT).toISOString()).toBe(
      '2026-01-15T08:00:00.000Z',
    );
  });

  it('sends at once during the day, and when quiet hours are off', () => {
    const noon = new Date('2026-06-01T10:00:00Z'); // 12:00 in Paris
    expect(nextAllowedTime(noon, 'Europe/Paris', NIGHT)).toBe(noon);
    const night = new Date('2026-06-01T22:00:00Z');
    expect(nextAllowedTime(night, 'Europe/Paris', null)).toBe(night);
  });

  it('keeps 08:00 local across a change to summer time overnight', () => {
    // 22:30 on 28 March 2026 in Paris (UTC+1); clocks go forward that night, 08:00 is UTC+2.
    expect(nextAllowedTime(new Date('2026-03-28T21:30:00Z'), 'Europe/Paris', NIGHT).toISOString()).toBe(
      '2026-03-29T06:00:00.000Z',
    );
  });

  it('treats the first minute of the quiet hours as quiet and their last as not', () => {
    expect(nextAllowedTime(new Date('2026-01-15T21:00:00Z'), 'UTC', NIGHT).toISOString()).toBe(
      '2026-01-16T08:00:00.000Z',
    );
    const eight = new Date('2026-01-15T08:00:00Z');
    expect(nextAllowedTime(eight, 'UTC', NIGHT)).toBe(eight);
  });

  it('knows real zones from made-up ones', () => {
    expect(isTimeZone('America/New_York')).toBe(true);
    expect(isTimeZone('Mars/Olympus')).toBe(false);
  });
});
