import styled from 'styled-components';
import type { DashboardSummary } from '@tdk/api/contract';
import {
  Card,
  CardBody,
  CardHeader,
  CardTitle,
  EventStatusBadge,
  PageHeader,
  StatCard,
  StatGrid,
  formatLongDate,
  formatRupees,
} from '@tdk/shared-ui';
import { useDashboard } from './queries';

export function DashboardPage() {
  const { data, error } = useDashboard();
  const value = (pick: (summary: DashboardSummary) => string | number) => (data ? pick(data) : '–');

  return (
    <>
      <PageHeader title="Dashboard" subtitle="How the platform is doing today" />
      {error && <p role="alert">Failed to load the dashboard.</p>}
      <StatGrid>
        <StatCard
          label="Total Events"
          value={value((s) => s.totalEvents)}
          hint={data ? `${data.activeEvents} active` : undefined}
        />
        <StatCard label="Registrations" value={value((s) => s.totalRegistrations)} />
        <StatCard label="Revenue" value={value((s) => formatRupees(s.totalRevenue))} />
        <StatCard label="Cities" value={value((s) => s.cities)} />
      </StatGrid>
      <Columns>
        <Card>
          <CardHeader>
            <CardTitle>Recent Events</CardTitle>
          </CardHeader>
          <CardBody>
            <List>
              {data?.recentEvents.map((event) => (
                <li key={event.id}>
                  <div>
                    <strong>{event.title}</strong>
                    <Muted>
                      {formatLongDate(event.date)} · {event.location}
                    </Muted>
                  </div>
                  <EventStatusBadge status={event.status} />
                </li>
              ))}
            </List>
          </CardBody>
        </Card>
        <Card>
          <CardHeader>
            <CardTitle>Top Cities</CardTitle>
          </CardHeader>
          <CardBody>
            <List>
              {data?.topCities.map((city) => (
                <li key={city.city}>
                  <strong>{city.city}</strong>
                  <Muted>
                    {city.events} events · {city.registrations} registrations
                  </Muted>
                </li>
              ))}
            </List>
          </CardBody>
        </Card>
      </Columns>
    </>
  );
}

const Columns = styled.div`
  display: grid;
  grid-template-columns: repeat(auto-fit, minmax(320px, 1fr));
  gap: 16px;
`;

const List = styled.ul`
  list-style: none;
  margin: 0;
  padding: 0;
  li {
    display: flex;
    justify-content: space-between;
    align-items: center;
    gap: 12px;
    padding: 10px 0;
    border-bottom: 1px solid #f3f4f6;
  }
`;

const Muted = styled.span`
  display: block;
  color: #6b7280;
  font-size: 0.85rem;
`;
