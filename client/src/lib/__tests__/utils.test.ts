import { describe, expect, it } from 'vitest';

import { cn, formatDate, initials } from '../utils';

describe('formatDate', () => {
  it('when given a date, then it reads abbreviated month, day, full year', () => {
    expect(formatDate(new Date(2026, 2, 5))).toBe('Mar 5, 2026');
  });

  it('when given an ISO string or a timestamp, then it formats the same way', () => {
    expect(formatDate('2025-12-24T12:00:00')).toBe('Dec 24, 2025');
    expect(formatDate(new Date(2024, 0, 31).getTime())).toBe('Jan 31, 2024');
  });

  it('when given nothing or garbage, then it returns an empty string', () => {
    expect(formatDate(null)).toBe('');
    expect(formatDate(undefined)).toBe('');
    expect(formatDate('not a date')).toBe('');
  });
});

describe('initials', () => {
  it('when the name has two or more words, then it takes the first letters of the first two, upper case', () => {
    expect(initials('jane doe')).toBe('JD');
    expect(initials('Acme Dental Care Group')).toBe('AD');
  });

  it('when the name has one word, then it takes one letter', () => {
    expect(initials('acme')).toBe('A');
  });

  it('when the name has extra spaces or is empty, then it copes', () => {
    expect(initials('  mary   ann  ')).toBe('MA');
    expect(initials('')).toBe('');
    expect(initials(undefined)).toBe('');
  });
});

describe('cn', () => {
  it('when classes conflict, then the later Tailwind class wins', () => {
    expect(cn('px-2 py-1', false, 'px-4')).toBe('py-1 px-4');
  });
});
