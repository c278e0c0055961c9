import { describe, expect, it } from 'vitest';
import { DashboardTrendsSchema, formatChange, formatTrend, trendDirection } from '../dashboard';

describe('formatChange', () => {
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
    expect(formatChange(before, after)).toBe(text);
    expect(DashboardTrendsSchema.shape.totalReviews.safeParse(text).success).toBe(true);
  });
});

describe('formatTrend (counts)', () => {
  it.each([
    [100, 112, '+12%'],
    [5, 6, '+20%'],
    [5, 55, '+1000%'],
    [0, 7, 'new'],
    [1, 11, 'new'],
    [4, 9, 'new'],
    [3, 3, '0%'],
    [0, 0, '0%'],
    [4, 1, '-75%'],
    [2, 0, '-100%'],
  ])('when %s becomes %s, then it reads %s (a rise over a base under 5 is new)', (before, after, text) => {
    expect(formatTrend(before, after)).toBe(text);
    expect(DashboardTrendsSchema.shape.totalReviews.safeParse(text).success).toBe(true);
  });

  it('when reading a trend, then its sign gives the direction', () => {
    expect(trendDirection('+3%')).toBe('up');
    expect(trendDirection('-0.5%')).toBe('down');
    expect(trendDirection('0%')).toBe('flat');
    expect(trendDirection('new')).toBe('new');
  });
});
