import styled from 'styled-components';
import type { SportEvent } from '@tdk/api/contract';
import { EmptyState, Skeleton, useApiQuery } from '@tdk/shared-ui';
import { EventCard } from './event-card';

export function EventGrid({ title, query }: { title: string; query?: Record<string, string | undefined> }) {
  const { data, error, loading } = useApiQuery<{ events: SportEvent[] }>('/api/events', query);

  return (
    <Section aria-labelledby="event-grid-title">
      <h2 id="event-grid-title">{title}</h2>
      {error && <ErrorText role="alert">Failed to load events</ErrorText>}
      {loading && !data ? (
        <Grid aria-busy="true">
          {Array.from({ length: 6 }, (_, i) => (
            <Skeleton key={i} height={320} />
          ))}
        </Grid>
      ) : data && data.events.length === 0 ? (
        <EmptyState title="No events found" message="Try another category or city." />
      ) : (
        <Grid>{data?.events.map((event) => <EventCard key={event.id} event={event} />)}</Grid>
      )}
    </Section>
  );
}

const Section = styled.section`
  padding: 24px clamp(12px, 4vw, 40px);
  h2 {
    margin: 0 0 16px;
  }
`;

const Grid = styled.div`
  display: grid;
  grid-template-columns: repeat(auto-fill, minmax(260px, 1fr));
  gap: 20px;
`;

const ErrorText = styled.p`
  color: #dc2626;
  font-weight: 600;
`;
