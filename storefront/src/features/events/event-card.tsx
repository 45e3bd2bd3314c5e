import { Link } from 'react-router-dom';
import styled from 'styled-components';
import type { SportEvent } from '@tdk/api/contract';
import { Button, formatLongDate, formatStartingPrice, formatTime12 } from '@tdk/shared-ui';

export function EventCard({ event }: { event: SportEvent }) {
  return (
    <Card aria-labelledby={`event-${event.id}-title`} data-testid="event-card">
      <Picture aria-hidden="true" data-category={event.category}>
        {event.imageUrl ? <img src={event.imageUrl} alt="" loading="lazy" /> : <span>{event.category}</span>}
      </Picture>
      <Body>
        <Meta>
          <Category>{event.category}</Category>
          <Price>{formatStartingPrice(event.startingPrice)}</Price>
        </Meta>
        <Title id={`event-${event.id}-title`}>
          <Link to={`/event/${event.id}`}>{event.title}</Link>
        </Title>
        <Detail>
          {formatLongDate(event.date)} · {formatTime12(event.time)}
        </Detail>
        <Detail>{event.venue}</Detail>
        <Button as={Link} to={`/event/${event.id}?register=true`}>
          Register Now
        </Button>
      </Body>
    </Card>
  );
}

const Card = styled.article`
  display: flex;
  flex-direction: column;
  background: #fff;
  border-radius: 14px;
  overflow: hidden;
  box-shadow: 0 2px 12px rgba(17, 24, 39, 0.08);
`;

const Picture = styled.div`
  aspect-ratio: 16 / 9;
  display: grid;
  place-items: center;
  background: linear-gradient(135deg, #ff6b35, #2563eb);
  color: #fff;
  font-weight: 800;
  font-size: 1.4rem;
  letter-spacing: 0.04em;
  img {
    width: 100%;
    height: 100%;
    object-fit: cover;
  }
`;

const Body = styled.div`
  display: grid;
  gap: 8px;
  padding: 16px;
  flex: 1;
  align-content: start;
  > a:last-child {
    margin-top: 8px;
  }
`;

const Meta = styled.div`
  display: flex;
  justify-content: space-between;
  font-size: 0.85rem;
`;

const Category = styled.span`
  color: ${({ theme }) => theme.colors.secondary};
  font-weight: 600;
`;

const Price = styled.span`
  font-weight: 700;
`;

const Title = styled.h3`
  margin: 0;
  font-size: 1.1rem;
  a {
    color: #111827;
    text-decoration: none;
  }
`;

const Detail = styled.p`
  margin: 0;
  color: #4b5563;
  font-size: 0.9rem;
`;
