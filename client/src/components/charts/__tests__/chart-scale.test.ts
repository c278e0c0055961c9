import { describe, expect, it } from 'vitest';

import { formatWeek, integerTicks, labelStep, labelWidth } from '../chart-scale';

describe('chart scales', () => {
  it('when counts are small, then every whole number up to the largest is a tick', () => {
    expect(integerTicks(3)).toEqual([0, 1, 2, 3]);
  });

  it('when counts are larger, then the ticks step by 1, 2 or 5 times a power of ten up to a round top', () => {
    expect(integerTicks(13)).toEqual([0, 5, 10, 15]);
    expect(integerTicks(8)).toEqual([0, 2, 4, 6, 8]);
    expect(integerTicks(470)).toEqual([0, 200, 400, 600]);
  });

  it('when there is nothing to count, then the axis still runs from 0 to 1', () => {
    expect(integerTicks(0)).toEqual([0, 1]);
  });

  it('when a week is named, then it reads as month and day of its UTC date', () => {
    expect(formatWeek('2026-12-01')).toBe('Dec 1');
    expect(formatWeek('2026-09-28')).toBe('Sep 28');
  });

  it('when 13 labels do not fit the width, then every second or third is shown', () => {
    const width = labelWidth(['Sep 7', 'Sep 28', 'Oct 5']);
    expect(width).toBe(49);
    expect(labelStep(13, 650, width)).toBe(1);
    expect(labelStep(13, 400, width)).toBe(2);
    expect(labelStep(13, 260, width)).toBe(3);
  });
});
