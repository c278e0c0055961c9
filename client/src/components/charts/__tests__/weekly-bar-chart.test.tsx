import { fireEvent, render, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';

import { WeeklyBarChart } from '../weekly-bar-chart';

const WEEKS = ['2026-11-09', '2026-11-16', '2026-11-23', '2026-11-30'];

function renderChart({ ratings = [4.5, null, 3, 5] as (number | null)[], reviews = [2, 4, 0, 8] } = {}) {
  return render(
    <WeeklyBarChart
      weeks={WEEKS}
      bars={[{ name: 'Reviews', color: 'hsl(var(--primary))', values: reviews }]}
      line={{
        name: 'Average rating',
        color: '#f59e0b',
        values: ratings,
        max: 5,
        format: (r) => r.toFixed(1),
      }}
      tableCaption="Reviews and average rating per week"
    />,
  );
}

const heightOf = (bar: Element) => Number(bar.getAttribute('height'));
const barsOf = (container: HTMLElement, series: string) => [
  ...container.querySelectorAll(`g[data-series="${series}"] rect`),
];

describe('WeeklyBarChart', () => {
  it('when each week has a count, then each week gets a bar whose height is proportional to it', () => {
    const { container } = renderChart();

    const bars = barsOf(container, 'Reviews');
    expect(bars).toHaveLength(4);
    const [two, four, zero, eight] = bars.map(heightOf);
    expect(four).toBeCloseTo(2 * two!);
    expect(eight).toBeCloseTo(4 * two!);
    expect(zero).toBe(0);
    // 8 is the axis' top tick (0, 2, 4, 6, 8): its bar reaches the top grid line.
    const grid = [...container.querySelectorAll('line.stroke-border')].map((line) =>
      Number(line.getAttribute('y1')),
    );
    expect(grid).toHaveLength(5);
    expect(Number(bars[3]!.getAttribute('y'))).toBeCloseTo(Math.min(...grid));
  });

  it('when two series are drawn, then their bars stand side by side in each week', () => {
    const { container } = render(
      <WeeklyBarChart
        weeks={WEEKS}
        bars={[
          { name: 'Requests sent', color: 'blue', values: [5, 5, 5, 5] },
          { name: 'Reviews collected', color: 'green', values: [1, 2, 3, 4] },
        ]}
        tableCaption="Requests sent and reviews collected per week"
      />,
    );

    const requests = barsOf(container, 'Requests sent');
    const reviews = barsOf(container, 'Reviews collected');
    expect(requests).toHaveLength(4);
    expect(reviews).toHaveLength(4);
    const right = (bar: Element) => Number(bar.getAttribute('x')) + Number(bar.getAttribute('width'));
    expect(right(requests[0]!)).toBeLessThan(Number(reviews[0]!.getAttribute('x')));
    expect(container.querySelector('[data-axis="right"]')).toBeNull();
  });

  it('when a week has no rating, then it has no dot and the line runs from the week before to the week after', () => {
    const { container } = renderChart();

    const line = container.querySelector('g[data-series="Average rating"]')!;
    expect(line.querySelectorAll('circle')).toHaveLength(3);
    expect(line.querySelector('polyline')!.getAttribute('points')!.split(' ')).toHaveLength(3);
    // The rating axis runs 0 to 5 on the right.
    const right = [...container.querySelectorAll('[data-axis="right"]')].map((tick) => tick.textContent);
    expect(right).toEqual(['0', '1', '2', '3', '4', '5']);
  });

  it('when no week has a rating, then no line is drawn', () => {
    const { container } = renderChart({ ratings: [null, null, null, null] });

    const line = container.querySelector('g[data-series="Average rating"]')!;
    expect(line.querySelectorAll('circle')).toHaveLength(0);
    expect(line.querySelector('polyline')).toBeNull();
  });

  it('when drawn, then the picture is hidden from screen readers, which read the figures as a table', () => {
    const { container } = renderChart();

    expect(container.querySelector('svg')!.closest('[aria-hidden="true"]')).not.toBeNull();
    const table = screen.getByRole('table', { name: 'Reviews and average rating per week' });
    const rows = within(table).getAllByRole('row');
    expect(rows.map((row) => row.textContent)).toEqual([
      'Week ofReviewsAverage rating',
      'Nov 924.5',
      'Nov 164None',
      'Nov 2303.0',
      'Nov 3085.0',
    ]);
  });

  it('when there is room, then each week is labelled under its bar with its month and day', () => {
    const { container } = renderChart();

    const labels = [...container.querySelectorAll('[data-axis="x"]')].map((label) => label.textContent);
    expect(labels).toEqual(['Nov 9', 'Nov 16', 'Nov 23', 'Nov 30']);
    expect(screen.getAllByText('Reviews')[0]).toBeInTheDocument();
    expect(screen.getAllByText('Average rating')[0]).toBeInTheDocument();
  });

  it('when the box is narrow, then only every other week is labelled so labels never overlap', () => {
    vi.spyOn(HTMLElement.prototype, 'getBoundingClientRect').mockReturnValue(new DOMRect(0, 0, 180, 200));
    const { container } = render(
      <WeeklyBarChart
        weeks={[...WEEKS, '2026-12-07']}
        bars={[{ name: 'Reviews', color: 'blue', values: [1, 2, 3, 4, 5] }]}
        tableCaption="Reviews per week"
      />,
    );

    expect(container.querySelector('svg')!.getAttribute('width')).toBe('180');
    const labels = [...container.querySelectorAll('[data-axis="x"]')].map((label) => label.textContent);
    expect(labels).toEqual(['Nov 9', 'Nov 23', 'Dec 7']);
  });

  it('when the pointer is over a week, then that week’s figures show until it leaves', () => {
    const { container } = renderChart();
    const svg = container.querySelector('svg')!;
    const bar = barsOf(container, 'Reviews')[1]!;
    const middle = Number(bar.getAttribute('x')) + Number(bar.getAttribute('width')) / 2;

    // jsdom has no PointerEvent; React reads the position from any event named pointermove.
    fireEvent(svg, new MouseEvent('pointermove', { bubbles: true, clientX: middle, clientY: 50 }));
    const readout = screen.getByTestId('chart-readout');
    expect(readout).toHaveTextContent('Week of Nov 16');
    expect(readout).toHaveTextContent('Reviews: 4');
    expect(readout).toHaveTextContent('Average rating: None');

    fireEvent.pointerLeave(svg);
    expect(screen.queryByTestId('chart-readout')).toBeNull();
  });
});
