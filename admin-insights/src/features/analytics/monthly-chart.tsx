// The monthly revenue (bars) and bookings (line) chart, drawn with visx. Loaded lazily by the
// Analytics screen only, so no other screen carries the chart library. Accessible: the SVG has a
// title and description, each month is a focusable mark whose figures show on hover and focus,
// and the page renders the same figures as a table for screen readers.
import { useId, useState } from 'react';
import styled from 'styled-components';
import { Group } from '@visx/group';
import { scaleBand, scaleLinear } from '@visx/scale';
import { Bar, LinePath } from '@visx/shape';
import type { AnalyticsReport } from '@tdk/api/contract';
import { formatCompactRupees, formatNumber, formatRupees, pluralize } from '@tdk/shared-ui';

type Month = AnalyticsReport['monthly'][number];

const WIDTH = 760;
const HEIGHT = 280;
const MARGIN = { top: 16, right: 44, bottom: 32, left: 64 };
const TICKS = 4;

export interface MonthlyChartProps {
  months: Month[];
  title: string;
}

export default function MonthlyChart({ months, title }: MonthlyChartProps) {
  const titleId = useId();
  const descId = useId();
  const [active, setActive] = useState<number | null>(null);
  const innerWidth = WIDTH - MARGIN.left - MARGIN.right;
  const innerHeight = HEIGHT - MARGIN.top - MARGIN.bottom;

  const x = scaleBand({ domain: months.map((m) => m.month), range: [0, innerWidth], padding: 0.3 });
  const revenueMax = Math.max(1, ...months.map((m) => m.revenue));
  const bookingsMax = Math.max(1, ...months.map((m) => m.bookings));
  const revenue = scaleLinear({ domain: [0, revenueMax], range: [innerHeight, 0], nice: true });
  const bookings = scaleLinear({ domain: [0, bookingsMax], range: [innerHeight, 0], nice: true });
  const centre = (m: Month) => (x(m.month) ?? 0) + x.bandwidth() / 2;
  const total = months.reduce((sum, m) => sum + m.revenue, 0);
  const shown = active === null ? null : months[active];

  return (
    <Figure>
      <Svg viewBox={`0 0 ${WIDTH} ${HEIGHT}`} role="group" aria-labelledby={titleId} aria-describedby={descId}>
        <title id={titleId}>{title}</title>
        <desc id={descId}>
          Revenue as bars and bookings as a line for each of the last 12 months; {formatRupees(total)} in all. Move through the
          months with Tab to hear each one.
        </desc>
        <Group left={MARGIN.left} top={MARGIN.top}>
          {revenue.ticks(TICKS).map((tick) => (
            <g key={`r${tick}`} aria-hidden="true">
              <GridLine x1={0} x2={innerWidth} y1={revenue(tick)} y2={revenue(tick)} />
              <AxisText x={-8} y={revenue(tick)} textAnchor="end" dominantBaseline="middle">
                {formatCompactRupees(tick)}
              </AxisText>
            </g>
          ))}
          {bookings.ticks(TICKS).map((tick) => (
            <AxisText
              key={`b${tick}`}
              aria-hidden="true"
              x={innerWidth + 8}
              y={bookings(tick)}
              dominantBaseline="middle"
              $tone="secondary"
            >
              {formatNumber(tick)}
            </AxisText>
          ))}
          {months.map((m, index) => {
            const barY = revenue(m.revenue);
            const label = `${m.label}: ${formatRupees(m.revenue)} revenue, ${pluralize(m.bookings, 'booking')}`;
            return (
              <g
                key={m.month}
                tabIndex={0}
                role="img"
                aria-label={label}
                onMouseEnter={() => setActive(index)}
                onMouseLeave={() => setActive(null)}
                onFocus={() => setActive(index)}
                onBlur={() => setActive(null)}
                data-month={m.month}
              >
                {/* The whole column answers the pointer, not only the bar. */}
                <rect x={x(m.month)} y={0} width={x.bandwidth()} height={innerHeight} fill="transparent" />
                <RevenueBar
                  x={x(m.month)}
                  y={barY}
                  width={x.bandwidth()}
                  height={Math.max(0, innerHeight - barY)}
                  rx={3}
                  $active={active === index}
                />
                <AxisText aria-hidden="true" x={centre(m)} y={innerHeight + 18} textAnchor="middle">
                  {m.label.split(' ')[0]}
                </AxisText>
              </g>
            );
          })}
          <BookingsLine data={months} x={centre} y={(m) => bookings(m.bookings)} aria-hidden="true" />
          {months.map((m) => (
            <BookingsDot key={m.month} aria-hidden="true" cx={centre(m)} cy={bookings(m.bookings)} r={3.5} />
          ))}
          {shown && (
            <Tip
              x={Math.min(Math.max(centre(shown) - 90, 0), innerWidth - 180)}
              y={Math.max(revenue(shown.revenue) - 58, 0)}
              aria-hidden="true"
            >
              <rect width={180} height={50} rx={6} />
              <text x={10} y={20}>
                {shown.label}: {formatRupees(shown.revenue)}
              </text>
              <text x={10} y={38}>
                {pluralize(shown.bookings, 'booking')}
              </text>
            </Tip>
          )}
        </Group>
      </Svg>
      <Legend aria-hidden="true">
        <span data-key="revenue">Revenue (left axis)</span>
        <span data-key="bookings">Bookings (right axis)</span>
      </Legend>
    </Figure>
  );
}

// On a phone the chart keeps readable labels and scrolls sideways instead of shrinking.
const Figure = styled.div`
  width: 100%;
  overflow-x: auto;
  overscroll-behavior-x: contain;
`;

const Svg = styled.svg`
  display: block;
  width: 100%;
  min-width: 560px;
  height: auto;
  overflow: visible;
  g[tabindex]:focus {
    outline: none;
  }
  g[tabindex]:focus-visible rect:first-child {
    stroke: ${({ theme }) => theme.colors.focus};
    stroke-width: 2;
  }
`;

const GridLine = styled.line`
  stroke: ${({ theme }) => theme.colors.border};
`;

const AxisText = styled.text<{ $tone?: 'secondary' }>`
  fill: ${({ theme, $tone }) => ($tone === 'secondary' ? theme.colors.secondary : theme.colors.textMuted)};
  font-size: 12px;
`;

const RevenueBar = styled(Bar)<{ $active: boolean }>`
  fill: ${({ theme, $active }) => ($active ? theme.colors.primaryStrong : theme.colors.primary)};
`;

const BookingsLine = styled(LinePath<Month>)`
  fill: none;
  stroke: ${({ theme }) => theme.colors.secondary};
  stroke-width: 2;
  pointer-events: none;
`;

const BookingsDot = styled.circle`
  fill: ${({ theme }) => theme.colors.surface};
  stroke: ${({ theme }) => theme.colors.secondary};
  stroke-width: 2;
  pointer-events: none;
`;

const Tip = styled.svg`
  overflow: visible;
  pointer-events: none;
  rect {
    fill: ${({ theme }) => theme.colors.inverse};
  }
  text {
    fill: ${({ theme }) => theme.colors.onInverse};
    font-size: 13px;
  }
`;

const Legend = styled.div`
  display: flex;
  gap: ${({ theme }) => theme.space.lg};
  justify-content: center;
  margin-top: ${({ theme }) => theme.space.sm};
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: ${({ theme }) => theme.fontSizes.sm};
  span::before {
    content: '';
    display: inline-block;
    width: 12px;
    height: 12px;
    margin-right: 6px;
    border-radius: 3px;
    vertical-align: -1px;
  }
  span[data-key='revenue']::before {
    background: ${({ theme }) => theme.colors.primary};
  }
  span[data-key='bookings']::before {
    height: 3px;
    vertical-align: 3px;
    background: ${({ theme }) => theme.colors.secondary};
  }
`;
