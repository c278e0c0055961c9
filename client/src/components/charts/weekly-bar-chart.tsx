import { useState, type PointerEvent } from 'react';

import { cn } from '@/lib/utils';

import { formatWeek, integerTicks, labelStep, labelWidth } from './chart-scale';
import { useBoxSize } from './use-box-size';

/** A count per week, drawn as bars against the left axis. */
export interface BarSeries {
  name: string;
  /** Any CSS colour; theme colours as `hsl(var(--primary))`. */
  color: string;
  values: number[];
}

/** A measure per week on its own scale, 0 to `max`, drawn as a line with dots against the right axis. */
export interface LineSeries {
  name: string;
  color: string;
  /** null for a week with nothing to measure: no dot, and the line runs on to the next week that has one. */
  values: (number | null)[];
  max: number;
  format?: (value: number) => string;
}

interface WeeklyBarChartProps {
  /** Each week's Monday, 'YYYY-MM-DD' (UTC), oldest first; the series' values are in the same order. */
  weeks: string[];
  bars: BarSeries[];
  line?: LineSeries;
  /** Names the table screen readers get in place of the picture. */
  tableCaption: string;
  /** Gives the chart its height (the legend included): it fills its box. */
  className?: string;
}

/** Room above the top tick for half its label, and below the axis for the week labels. */
const MARGIN = { top: 12, bottom: 22 };
const DIGIT_WIDTH = 7;
const MAX_BAR_WIDTH = 40;
const BAR_GAP = 2;
/** Until the box is measured (and in tests, where nothing is laid out): a card on a desktop. */
const FALLBACK_SIZE = { width: 640, height: 224 };

/** What a week without a rating reads as, in the table and the readout. */
const NONE = 'None';

/**
 * Bars per week, with an optional line on a second scale, drawn as plain SVG at the pixel size of its box
 * (issue 43: recharts cost the dashboard 110 KB for this). The picture is hidden from screen readers, which get
 * the same figures as a table; a pointer over a week shows its figures.
 */
export function WeeklyBarChart({ weeks, bars, line, tableCaption, className }: WeeklyBarChartProps) {
  const { ref, size } = useBoxSize<HTMLDivElement>(FALLBACK_SIZE);
  const [active, setActive] = useState<number | null>(null);

  const ticks = integerTicks(Math.max(0, ...bars.flatMap((series) => series.values)));
  const top = ticks.at(-1) ?? 1;
  const left = String(top).length * DIGIT_WIDTH + 12;
  const right = line ? String(line.max).length * DIGIT_WIDTH + 14 : 8;
  const plotWidth = Math.max(0, size.width - left - right);
  const plotHeight = Math.max(0, size.height - MARGIN.top - MARGIN.bottom);
  const baseline = MARGIN.top + plotHeight;
  const band = weeks.length > 0 ? plotWidth / weeks.length : 0;
  const barWidth = bars.length > 0 ? Math.min(MAX_BAR_WIDTH, (band * 0.7) / bars.length) : 0;
  const groupWidth = bars.length * barWidth + (bars.length - 1) * BAR_GAP;
  const labels = weeks.map(formatWeek);
  const step = labelStep(weeks.length, plotWidth, labelWidth(labels));

  const countY = (value: number) => baseline - (value / top) * plotHeight;
  const lineY = (value: number) => baseline - (value / (line?.max || 1)) * plotHeight;
  const centre = (index: number) => left + band * (index + 0.5);
  const formatLine = (value: number | null | undefined) =>
    value === null || value === undefined ? NONE : (line?.format?.(value) ?? String(value));

  const linePoints = line
    ? line.values.flatMap((value, index) =>
        value === null ? [] : [{ index, x: centre(index), y: lineY(value) }],
      )
    : [];

  const pointAt = (event: PointerEvent<SVGSVGElement>) => {
    const x = event.clientX - event.currentTarget.getBoundingClientRect().left;
    const index = Math.floor((x - left) / band);
    setActive(band > 0 && index >= 0 && index < weeks.length ? index : null);
  };

  return (
    <div className={cn('flex flex-col', className)}>
      <div ref={ref} className="relative min-h-0 flex-1 overflow-hidden" aria-hidden="true">
        <svg
          width={size.width}
          height={size.height}
          className="absolute inset-0"
          onPointerMove={pointAt}
          onPointerLeave={() => setActive(null)}
        >
          {ticks.map((tick) => (
            <g key={tick}>
              <line
                x1={left}
                x2={left + plotWidth}
                y1={countY(tick)}
                y2={countY(tick)}
                className="stroke-border"
                strokeDasharray={tick === 0 ? undefined : '3 3'}
              />
              <text x={left - 6} y={countY(tick)} dy="0.32em" textAnchor="end" fill="currentColor">
                {tick}
              </text>
            </g>
          ))}
          {line
            ? Array.from({ length: line.max + 1 }, (_, tick) => (
                <text
                  key={tick}
                  x={left + plotWidth + 6}
                  y={lineY(tick)}
                  dy="0.32em"
                  fill="currentColor"
                  data-axis="right"
                >
                  {tick}
                </text>
              ))
            : null}
          {active === null ? null : (
            <rect
              x={left + band * active}
              y={MARGIN.top}
              width={band}
              height={plotHeight}
              fill="currentColor"
              opacity={0.06}
            />
          )}
          {bars.map((series, seriesIndex) => (
            <g key={series.name} data-series={series.name} fill={series.color}>
              {series.values.map((value, index) => {
                const height = baseline - countY(value);
                return (
                  <rect
                    key={weeks[index] ?? index}
                    x={centre(index) - groupWidth / 2 + seriesIndex * (barWidth + BAR_GAP)}
                    y={baseline - height}
                    width={barWidth}
                    height={height}
                    rx={2}
                  />
                );
              })}
            </g>
          ))}
          {line ? (
            <g data-series={line.name} stroke={line.color} fill={line.color}>
              {linePoints.length > 1 ? (
                <polyline
                  points={linePoints.map(({ x, y }) => `${x},${y}`).join(' ')}
                  fill="none"
                  strokeWidth={2}
                  strokeLinejoin="round"
                />
              ) : null}
              {linePoints.map(({ index, x, y }) => (
                <circle key={index} cx={x} cy={y} r={active === index ? 4.5 : 3} />
              ))}
            </g>
          ) : null}
          {weeks.map((week, index) =>
            index % step === 0 ? (
              <text
                key={week}
                x={centre(index)}
                y={baseline + 16}
                textAnchor="middle"
                fill="currentColor"
                data-axis="x"
              >
                {labels[index]}
              </text>
            ) : null,
          )}
        </svg>
        {active === null ? null : (
          <Readout
            x={centre(active)}
            width={size.width}
            week={weeks[active] ?? ''}
            rows={[
              ...bars.map((series) => ({ ...series, value: String(series.values[active] ?? 0) })),
              ...(line ? [{ ...line, value: formatLine(line.values[active]) }] : []),
            ]}
          />
        )}
      </div>
      <ul className="m-0 flex list-none flex-wrap justify-center gap-x-4 gap-y-1 p-0 pt-2" aria-hidden="true">
        {bars.map((series) => (
          <li key={series.name} className="flex items-center gap-1.5">
            <span className="size-2.5 rounded-sm" style={{ background: series.color }} />
            {series.name}
          </li>
        ))}
        {line ? (
          <li className="flex items-center gap-1.5">
            <span className="relative h-0.5 w-4" style={{ background: line.color }}>
              <span
                className="absolute left-1/2 top-1/2 size-2 -translate-x-1/2 -translate-y-1/2 rounded-full"
                style={{ background: line.color }}
              />
            </span>
            {line.name}
          </li>
        ) : null}
      </ul>
      <table className="sr-only">
        <caption>{tableCaption}</caption>
        <thead>
          <tr>
            <th scope="col">Week of</th>
            {bars.map((series) => (
              <th key={series.name} scope="col">
                {series.name}
              </th>
            ))}
            {line ? <th scope="col">{line.name}</th> : null}
          </tr>
        </thead>
        <tbody>
          {weeks.map((week, index) => (
            <tr key={week}>
              <th scope="row">{formatWeek(week)}</th>
              {bars.map((series) => (
                <td key={series.name}>{series.values[index] ?? 0}</td>
              ))}
              {line ? <td>{formatLine(line.values[index])}</td> : null}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** The figures of the week under the pointer, above the chart, kept inside its box. */
function Readout({
  x,
  width,
  week,
  rows,
}: {
  x: number;
  width: number;
  week: string;
  rows: { name: string; color: string; value: string }[];
}) {
  const boxWidth = 148;
  const leftEdge = Math.min(Math.max(0, x - boxWidth / 2), Math.max(0, width - boxWidth));
  return (
    <div
      className="pointer-events-none absolute top-0 rounded-md border bg-popover px-2 py-1 text-popover-foreground shadow-md"
      style={{ left: leftEdge, width: boxWidth }}
      data-testid="chart-readout"
    >
      <p className="m-0 font-medium">Week of {formatWeek(week)}</p>
      {rows.map((row) => (
        <p key={row.name} className="m-0 flex items-center gap-1.5">
          <span className="size-2 shrink-0 rounded-full" style={{ background: row.color }} />
          {row.name}: {row.value}
        </p>
      ))}
    </div>
  );
}
