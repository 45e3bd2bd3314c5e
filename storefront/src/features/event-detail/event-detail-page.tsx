import { Link, useParams } from 'react-router-dom';
import styled from 'styled-components';
import type { SportEvent, Ticket } from '@tdk/api/contract';
import { Skeleton, TicketStatusBadge, formatLongDate, formatPrice, formatTime12, useApiQuery } from '@tdk/shared-ui';

export function EventDetailPage() {
  const { id } = useParams();
  const event = useApiQuery<{ event: SportEvent }>(`/api/events/${encodeURIComponent(id ?? '')}`);
  const tickets = useApiQuery<{ tickets: Ticket[] }>(`/api/events/${encodeURIComponent(id ?? '')}/tickets`);

  if (event.loading) return <Page><Skeleton height={280} /></Page>;
  if (event.error || !event.data) {
    return (
      <Page>
        <h1>Event Not Found</h1>
        <Link to="/">Back to Home</Link>
      </Page>
    );
  }
  const { event: detail } = event.data;
  return (
    <Page>
      <p>{detail.category}</p>
      <h1>{detail.title}</h1>
      <p>
        {formatLongDate(detail.date)} · {formatTime12(detail.time)} · {detail.venue}
      </p>
      <p>{detail.description}</p>
      <h2>Tickets</h2>
      <ul>
        {tickets.data?.tickets.map((ticket) => (
          <li key={ticket.id}>
            {ticket.name} — {formatPrice(ticket.price)} · {ticket.available} available <TicketStatusBadge status={ticket.status} />
          </li>
        ))}
      </ul>
    </Page>
  );
}

const Page = styled.main`
  padding: 24px clamp(12px, 4vw, 40px);
  max-width: 960px;
  margin: 0 auto;
`;
