// /admin/analytics (manager and above): every figure from GET /api/admin/insights/analytics for
// the period in the URL (?period=30d|90d|12m|all). The chart library loads only here (lazy).
import { lazy, Suspense, useId, type ReactNode } from 'react';
import { useSearchParams } from '@tdk/shared-ui/router';
import styled from 'styled-components';
import {
  ANALYTICS_PERIOD_LABELS,
  ANALYTICS_PERIODS,
  DEFAULT_ANALYTICS_PERIOD,
  type AnalyticsPeriod,
  type AnalyticsReport,
} from '@tdk/api/contract';
import {
  Button,
  Card,
  CardBody,
  CardDescription,
  CardHeader,
  CardTitle,
  Label,
  Options,
  Select,
  Skeleton,
  VisuallyHidden,
  formatNumber,
  formatRupees,
  pluralize,
} from '@tdk/shared-ui';
import { DataTable, DetailList, ListError, PageHeader, RequireRole, StatCard, StatGrid } from '@tdk/shared-ui/admin';
import { downloadCsv, toCsv, type CsvCell } from './csv';
import { describeChange, formatPercent } from './format';
import { useAnalytics } from './queries';

const MonthlyChart = lazy(() => import('./monthly-chart'));

const PREVIOUS_LABELS: Record<AnalyticsPeriod, string | null> = {
  '30d': 'previous 30 days',
  '90d': 'previous 90 days',
  '12m': 'previous 12 months',
  all: null,
};

const isPeriod = (value: string | null): value is AnalyticsPeriod => ANALYTICS_PERIODS.includes(value as AnalyticsPeriod);

export function AnalyticsPage() {
  return (
    <RequireRole minRole="manager">
      <Analytics />
    </RequireRole>
  );
}

function Analytics() {
  const [params, setParams] = useSearchParams();
  const requested = params.get('period');
  const period = isPeriod(requested) ? requested : DEFAULT_ANALYTICS_PERIOD;
  const { data, error, isPending, refetch, isPlaceholderData } = useAnalytics(period);
  const pickerId = useId();

  const choose = (next: AnalyticsPeriod) =>
    setParams(
      (current) => {
        const copy = new URLSearchParams(current);
        if (next === DEFAULT_ANALYTICS_PERIOD) copy.delete('period');
        else copy.set('period', next);
        return copy;
      },
      { replace: true },
    );

  return (
    <>
      <PageHeader
        title="Analytics"
        subtitle="Platform performance across events, cities and categories"
        actions={
          <PeriodPicker>
            <Label htmlFor={pickerId}>Period</Label>
            <Select id={pickerId} value={period} onChange={(e) => choose(e.target.value as AnalyticsPeriod)}>
              <Options values={ANALYTICS_PERIODS} label={(p) => ANALYTICS_PERIOD_LABELS[p]} />
            </Select>
          </PeriodPicker>
        }
      />
      {error && !data ? (
        <ListError role="alert">
          Failed to load analytics.{' '}
          <Button variant="secondary" size="sm" onClick={() => void refetch()}>
            Retry
          </Button>
        </ListError>
      ) : (
        <div aria-busy={isPending || isPlaceholderData || undefined}>
          <Kpis report={data} period={period} />
          <Grid>
            <TopEvents report={data} period={period} />
            <CityPerformance report={data} period={period} />
            <Monthly report={data} />
            <Categories report={data} period={period} />
            <QuickStats report={data} period={period} />
          </Grid>
        </div>
      )}
    </>
  );
}

interface SectionProps {
  report: AnalyticsReport | undefined;
  period: AnalyticsPeriod;
}

function Kpis({ report, period }: SectionProps) {
  const previous = PREVIOUS_LABELS[period];
  const cards: {
    label: string;
    key: keyof AnalyticsReport['kpis'];
    format: (n: number) => string;
    tone: 'orange' | 'blue' | 'green' | 'yellow';
  }[] = [
    { label: 'Total Revenue', key: 'revenue', format: formatRupees, tone: 'green' },
    { label: 'Bookings', key: 'bookings', format: (n) => formatNumber(n), tone: 'orange' },
    { label: 'User Growth', key: 'userGrowth', format: (n) => `${formatNumber(n)} new`, tone: 'blue' },
    { label: 'Active Cities', key: 'activeCities', format: (n) => formatNumber(n), tone: 'yellow' },
  ];
  return (
    <StatGrid>
      {cards.map(({ label, key, format, tone }) => {
        const kpi = report?.kpis[key];
        const change = kpi ? describeChange(kpi, previous) : null;
        return (
          <StatCard
            key={key}
            label={label}
            tone={tone}
            loading={!report}
            value={kpi ? format(kpi.value) : '–'}
            hint={change && <Change data-direction={change.direction}>{change.text}</Change>}
          />
        );
      })}
    </StatGrid>
  );
}

function Section({
  title,
  description,
  csv,
  children,
  wide,
}: {
  title: string;
  description?: ReactNode;
  csv?: { filename: string; headers: string[]; rows: CsvCell[][] };
  children: ReactNode;
  wide?: boolean;
}) {
  return (
    <SectionCard $wide={wide}>
      <CardHeader>
        <div>
          <CardTitle>{title}</CardTitle>
          {description && <CardDescription>{description}</CardDescription>}
        </div>
        {csv && (
          <Button
            variant="secondary"
            size="sm"
            aria-label={`Download CSV: ${title}`}
            onClick={() => downloadCsv(csv.filename, toCsv(csv.headers, csv.rows))}
          >
            Download CSV
          </Button>
        )}
      </CardHeader>
      <CardBody>{children}</CardBody>
    </SectionCard>
  );
}

const fileName = (section: string, period: AnalyticsPeriod) => `tdk-analytics-${section}-${period}.csv`;

function TopEvents({ report, period }: SectionProps) {
  const rows = report?.topEvents ?? [];
  return (
    <Section
      title="Top Events"
      description="By revenue from paid registrations"
      csv={{
        filename: fileName('top-events', period),
        headers: ['Event', 'City', 'Category', 'Bookings', 'Revenue (INR)'],
        rows: rows.map((e) => [e.title, e.location, e.category, e.bookings, e.revenue]),
      }}
    >
      <DataTable
        caption="Top events by revenue"
        hideCaption
        minWidth={420}
        loading={!report}
        rows={rows}
        getRowKey={(e) => e.id}
        emptyTitle="No paid registrations in this period"
        columns={[
          {
            key: 'title',
            header: 'Event',
            render: (e) => (
              <>
                <strong>{e.title}</strong>
                <Muted>
                  {e.location} · {e.category}
                </Muted>
              </>
            ),
          },
          { key: 'bookings', header: 'Bookings', align: 'right', render: (e) => formatNumber(e.bookings) },
          { key: 'revenue', header: 'Revenue', align: 'right', render: (e) => formatRupees(e.revenue) },
        ]}
      />
    </Section>
  );
}

function CityPerformance({ report, period }: SectionProps) {
  const cities = report?.cityPerformance ?? [];
  const scale = report?.cityScaleMax ?? 250;
  return (
    <Section
      title="City Performance"
      description={`Each city's events (a full bar is ${pluralize(scale, 'event')}); registrations and revenue in the period`}
      csv={{
        filename: fileName('cities', period),
        headers: ['City', 'Events', 'Registrations', 'Revenue (INR)'],
        rows: cities.map((c) => [c.city, c.events, c.registrations, c.revenue]),
      }}
    >
      {!report ? (
        <Skeleton height="8rem" />
      ) : cities.length === 0 ? (
        <Muted>No events yet.</Muted>
      ) : (
        <BarList>
          {cities.map((c) => (
            <li key={c.city}>
              <BarLabel>
                <strong>{c.city}</strong>
                <span>
                  {pluralize(c.events, 'event')} · {pluralize(c.registrations, 'registration')} · {formatRupees(c.revenue)}
                </span>
              </BarLabel>
              <Track aria-hidden="true">
                <Fill style={{ width: `${(c.events / scale) * 100}%` }} />
              </Track>
            </li>
          ))}
        </BarList>
      )}
    </Section>
  );
}

function Monthly({ report }: { report: AnalyticsReport | undefined }) {
  const months = report?.monthly ?? [];
  return (
    <Section
      wide
      title="Monthly Growth"
      description="Revenue and bookings over the last 12 months (India time)"
      csv={{
        filename: 'tdk-analytics-monthly.csv',
        headers: ['Month', 'Revenue (INR)', 'Bookings'],
        rows: months.map((m) => [m.month, m.revenue, m.bookings]),
      }}
    >
      {!report ? (
        <Skeleton height="16rem" />
      ) : (
        <>
          <Suspense fallback={<Skeleton height="16rem" />}>
            <MonthlyChart months={months} title="Monthly revenue and bookings, last 12 months" />
          </Suspense>
          <VisuallyHidden>
            <table>
              <caption>Monthly revenue and bookings, last 12 months</caption>
              <thead>
                <tr>
                  <th scope="col">Month</th>
                  <th scope="col">Revenue</th>
                  <th scope="col">Bookings</th>
                </tr>
              </thead>
              <tbody>
                {months.map((m) => (
                  <tr key={m.month}>
                    <th scope="row">{m.label}</th>
                    <td>{formatRupees(m.revenue)}</td>
                    <td>{formatNumber(m.bookings)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </VisuallyHidden>
        </>
      )}
    </Section>
  );
}

function Categories({ report, period }: SectionProps) {
  const categories = report?.categories ?? [];
  return (
    <Section
      title="Popular Categories"
      description="Share of registrations in the period"
      csv={{
        filename: fileName('categories', period),
        headers: ['Category', 'Registrations', 'Percent'],
        rows: categories.map((c) => [c.category, c.registrations, c.percent]),
      }}
    >
      {!report ? (
        <Skeleton height="8rem" />
      ) : categories.length === 0 ? (
        <Muted>No registrations in this period.</Muted>
      ) : (
        <BarList>
          {categories.map((c) => (
            <li key={c.category}>
              <BarLabel>
                <strong>{c.category}</strong>
                <span>
                  {formatPercent(c.percent)} · {pluralize(c.registrations, 'registration')}
                </span>
              </BarLabel>
              <Track aria-hidden="true">
                <Fill $tone="secondary" style={{ width: `${c.percent}%` }} />
              </Track>
            </li>
          ))}
        </BarList>
      )}
    </Section>
  );
}

function QuickStats({ report, period }: SectionProps) {
  const q = report?.quickStats;
  const c = report?.commission;
  const rows: [string, string][] =
    q && c
      ? [
          ['Average ticket price', formatRupees(q.averageTicketPrice)],
          ['Order conversion', formatPercent(q.conversionRate)],
          ['Check-in rate', formatPercent(q.checkInRate)],
          ['Refunds owed', `${formatNumber(q.refundsOwed.count)} · ${formatRupees(q.refundsOwed.amount)}`],
          ['Refunded', `${formatNumber(q.refunded.count)} · ${formatRupees(q.refunded.amount)}`],
          [`Platform revenue (${formatPercent(c.percent)} commission)`, formatRupees(c.platformRevenue)],
          ["Organisers' share", formatRupees(c.organiserShare)],
        ]
      : [];
  return (
    <Section title="Quick Stats" csv={{ filename: fileName('quick-stats', period), headers: ['Figure', 'Value'], rows }}>
      {!q ? (
        <Skeleton height="8rem" />
      ) : (
        <DetailList>
          {rows.map(([label, value]) => (
            <Stat key={label}>
              <dt>{label}</dt>
              <dd>{value}</dd>
            </Stat>
          ))}
        </DetailList>
      )}
    </Section>
  );
}

const PeriodPicker = styled.div`
  display: flex;
  align-items: center;
  gap: ${({ theme }) => theme.space.sm};
  label {
    margin: 0;
  }
  select {
    min-width: 170px;
  }
`;

const Grid = styled.div`
  display: grid;
  grid-template-columns: repeat(auto-fit, minmax(min(100%, 380px), 1fr));
  gap: ${({ theme }) => theme.space.lg};
`;

const SectionCard = styled(Card)<{ $wide?: boolean }>`
  ${({ $wide }) => ($wide ? 'grid-column: 1 / -1;' : '')}
`;

const Change = styled.span`
  &[data-direction='up'] {
    color: ${({ theme }) => theme.colors.success};
  }
  &[data-direction='down'] {
    color: ${({ theme }) => theme.colors.dangerHover};
  }
`;

const Muted = styled.span`
  display: block;
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: ${({ theme }) => theme.fontSizes.sm};
`;

const BarList = styled.ul`
  list-style: none;
  margin: 0;
  padding: 0;
  display: grid;
  gap: ${({ theme }) => theme.space.md};
`;

const BarLabel = styled.div`
  display: flex;
  flex-wrap: wrap;
  justify-content: space-between;
  gap: 4px 12px;
  margin-bottom: 6px;
  font-size: ${({ theme }) => theme.fontSizes.sm};
  span {
    color: ${({ theme }) => theme.colors.textMuted};
  }
`;

const Track = styled.div`
  height: 8px;
  border-radius: 999px;
  background: ${({ theme }) => theme.colors.surfaceSunken};
  overflow: hidden;
`;

const Fill = styled.div<{ $tone?: 'secondary' }>`
  height: 100%;
  min-width: 2px;
  border-radius: inherit;
  background: ${({ theme, $tone }) => ($tone === 'secondary' ? theme.colors.secondary : theme.colors.primary)};
`;

const Stat = styled.div`
  display: contents;
`;
