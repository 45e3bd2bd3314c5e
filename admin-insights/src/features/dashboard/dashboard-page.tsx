import { Link } from '@tdk/shared-ui/router';
import styled from 'styled-components';
import { ACTIVE_USER_DAYS, type DashboardSummary } from '@tdk/api/contract';
import { Card, CardBody, CardHeader, CardTitle, formatLongDate, formatRupees, useSession, pluralize } from '@tdk/shared-ui';
import { EventStatusBadge, PageHeader, StatCard, StatGrid } from '@tdk/shared-ui/admin';
import { useDashboard } from './queries';

export function DashboardPage() {
  const { data, error, isPending } = useDashboard();
  const { hasRole, hasNeed } = useSession();
  const value = (pick: (summary: DashboardSummary) => string | number) => (data ? pick(data) : '–');
  // Each card opens the screen behind its figure, where the signed-in role may open it.
  const analytics = hasRole('manager');

  return (
    <>
      <PageHeader title="Dashboard" subtitle="How the platform is doing today" />
      {error && <p role="alert">Failed to load the dashboard.</p>}
      <StatGrid>
        <StatCard
          label={<CardLink to="/admin/events">Total Events</CardLink>}
          loading={isPending}
          value={value((s) => s.totalEvents)}
          hint={data ? `${data.activeEvents.toLocaleString('en-IN')} active` : undefined}
          tone="orange"
        />
        <StatCard
          label={
            hasRole('admin') ? (
              <CardLink to="/admin/users">Active participants, last {ACTIVE_USER_DAYS} days</CardLink>
            ) : (
              `Active participants, last ${ACTIVE_USER_DAYS} days`
            )
          }
          loading={isPending}
          value={value((s) => s.activeUsers)}
          hint="Different people (by e-mail) with a confirmed or checked-in registration made in that time"
          tone="blue"
        />
        {/* Revenue is for managers and admins (decision 047): the API leaves it out for the others. */}
        {hasNeed('seeRevenue') && (
          <StatCard
            label={<CardLink to={analytics ? '/admin/analytics' : '/admin/registrations'}>Revenue</CardLink>}
            loading={isPending}
            value={value((s) => formatRupees(s.totalRevenue ?? 0))}
            hint={data ? `Paid · ${pluralize(data.totalRegistrations, 'registration')}` : undefined}
            tone="green"
          />
        )}
        <StatCard
          label={<CardLink to={analytics ? '/admin/analytics' : '/admin/events'}>Cities</CardLink>}
          loading={isPending}
          value={value((s) => s.cities)}
          tone="yellow"
        />
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
                    {pluralize(city.events, 'event')} · {pluralize(city.registrations, 'registration')}
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

const CardLink = styled(Link)`
  color: inherit;
  text-decoration: none;
  &:hover,
  &:focus-visible {
    color: ${({ theme }) => theme.colors.primaryText};
    text-decoration: underline;
  }
`;

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
