import styled from 'styled-components';
import type { EventForReview } from '@tdk/api/contract';
import { formatEventDateTime, formatPrice } from '@tdk/shared-ui';
import { DetailList } from '@tdk/shared-ui/admin';

/** A submitted event as buyers would see it: what it is, when and where, what it says, its tickets. */
export function EventPreview({ event }: { event: EventForReview }) {
  return (
    <Preview aria-label={`${event.title} as buyers would see it`}>
      {event.imageUrl && <Banner src={event.imageUrl} alt="" />}
      <h3>{event.title}</h3>
      <DetailList>
        <dt>When</dt>
        <dd>{formatEventDateTime(event.date, event.time)}</dd>
        <dt>Venue</dt>
        <dd>{event.venue}</dd>
        <dt>Category</dt>
        <dd>{event.category}</dd>
        <dt>Organiser</dt>
        <dd>{event.organisation.displayName}</dd>
        <dt>Capacity</dt>
        <dd>{event.maxParticipants}</dd>
        <dt>Goes live as</dt>
        <dd>{event.pendingStatus}</dd>
      </DetailList>
      {event.description && <Description>{event.description}</Description>}
      {event.highlights.length > 0 && (
        <ul aria-label="Highlights">
          {event.highlights.map((highlight) => (
            <li key={highlight}>{highlight}</li>
          ))}
        </ul>
      )}
      <h4>Tickets</h4>
      {event.tickets.length === 0 ? (
        <p>No ticket on sale yet.</p>
      ) : (
        <ul aria-label="Tickets">
          {event.tickets.map((ticket) => (
            <li key={ticket.id}>
              {ticket.name}: {formatPrice(ticket.price)} ({ticket.available} available)
            </li>
          ))}
        </ul>
      )}
    </Preview>
  );
}

const Preview = styled.section`
  display: grid;
  gap: ${({ theme }) => theme.space.sm};
  h3,
  h4 {
    margin: 0;
  }
`;

const Banner = styled.img`
  width: 100%;
  max-height: 200px;
  object-fit: cover;
  border-radius: ${({ theme }) => theme.radii.md};
`;

const Description = styled.p`
  margin: 0;
  white-space: pre-line;
`;
