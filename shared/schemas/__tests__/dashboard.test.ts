import { describe, expect, it } from 'vitest';
import { DashboardTrendsSchema, formatTrend, trendDirection } from '../dashboard';

describe('formatTrend', () => {
  it.each([
    [100, 112, '+12%'],
    [100, 94.6, '-5.4%'],
    [3, 4, '+33.3%'],
    [4, 3.5, '-12.5%'],
    [5, 5, '0%'],
    [0, 0, '0%'],
    [0, 7, '+100%'],
    [2, 0, '-100%'],
    [1000, 1000.1, '0%'],
  ])('when %s becomes %s, then it reads %s', (before, after, text) => {
    expect(formatTrend(before, after)).toBe(text);
    expect(DashboardTrendsSchema.shape.totalReviews.safeParse(text).success).toBe(true);
  });

  it('when reading a trend, then its sign gives the direction', () => {
    expect(trendDirection('+3%')).toBe('up');
    expect(trendDirection('-0.5%')).toBe('down');
    expect(trendDirection('0%')).toBe('flat');
  });
});
