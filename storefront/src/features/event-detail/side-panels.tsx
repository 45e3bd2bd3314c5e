import type { ReactNode } from 'react';
import styled from 'styled-components';
import type { SportEvent } from '@tdk/api/contract';
import { Link } from '@tdk/shared-ui/router';
import { BookmarkIcon, Button, ShareIcon, formatNumber, formatRupees, useToast } from '@tdk/shared-ui';
import { BreakableEmail } from '../shared/breakable-email';
import { shareEvent } from '../shared/share';
import { useLikedEvent } from '../shared/use-liked-events';
import type { SelectionLine } from '../ticket-selection/quantity';

export const EVENT_NOTICES = [
  'Arrive 1 hour before the event starts',
  'Valid ID is mandatory',
  'Registration is non-refundable and non-transferable',
] as const;

export function Panel({ title, children, testId }: { title: string; children: ReactNode; testId?: string }) {
  const id = `panel-${title.toLowerCase().replace(/\W+/g, '-')}`;
  return (
    <PanelRoot aria-labelledby={id} data-testid={testId}>
      <h2 id={id}>{title}</h2>
      {children}
    </PanelRoot>
  );
}

export function BookingSummary({ lines, total, action }: { lines: SelectionLine[]; total: number; action?: ReactNode }) {
  return (
    <Panel title="Booking Summary" testId="booking-summary">
      {lines.length === 0 ? (
        <Muted>No tickets selected yet.</Muted>
      ) : (
        <Lines>
          {lines.map((line) => (
            <li key={line.ticket.id}>
              <span>
                {line.ticket.name} × {line.quantity}
              </span>
              <strong>{formatRupees(line.subtotal)}</strong>
            </li>
          ))}
        </Lines>
      )}
      <Total>
        <span>Subtotal</span>
        <strong data-testid="booking-subtotal">{formatRupees(total)}</strong>
      </Total>
      {action}
    </Panel>
  );
}

/** In place of the booking panel on an ended event's page. */
export function EndedNotice() {
  return (
    <Panel title="This event has ended" testId="event-ended">
      <Muted>Registration is closed. Find another event coming up near you.</Muted>
      <Button as={Link} to="/events" fullWidth>
        Browse upcoming events
      </Button>
    </Panel>
  );
}

export function EventInformation({ event }: { event: SportEvent }) {
  const spotsLeft = Math.max(0, event.maxParticipants - event.registered);
  return (
    <Panel title="Event Information" testId="event-information">
      <Facts>
        <div>
          <dt>Organizer</dt>
          <dd>{event.organizer || 'Not specified'}</dd>
        </div>
        <div>
          <dt>Capacity</dt>
          <dd>{formatNumber(event.maxParticipants)}</dd>
        </div>
        <div>
          <dt>Registered</dt>
          <dd data-testid="registered-count">{formatNumber(event.registered)}</dd>
        </div>
        <div>
          <dt>Spots left</dt>
          <dd data-testid="spots-left">{formatNumber(spotsLeft)}</dd>
        </div>
        <div>
          <dt>Contact</dt>
          <dd>
            {event.contactEmail && (
              <a href={`mailto:${event.contactEmail}`}>
                <BreakableEmail email={event.contactEmail} />
              </a>
            )}
            {event.contactPhone && <a href={`tel:${event.contactPhone.replace(/[^\d+]/g, '')}`}>{event.contactPhone}</a>}
            {!event.contactEmail && !event.contactPhone && 'Not specified'}
          </dd>
        </div>
      </Facts>
    </Panel>
  );
}

export function QuickActions({ event }: { event: SportEvent }) {
  const { toast } = useToast();
  const [saved, toggleSaved] = useLikedEvent(event.id);
  return (
    <Panel title="Quick Actions">
      <ActionRow>
        <Button variant="outline" aria-pressed={saved} onClick={toggleSaved} leftIcon={<BookmarkIcon size={18} filled={saved} />}>
          {saved ? 'Saved' : 'Save Event'}
        </Button>
        <Button variant="outline" onClick={() => void shareEvent(event, toast)} leftIcon={<ShareIcon size={18} />}>
          Share
        </Button>
      </ActionRow>
    </Panel>
  );
}

export function Notices() {
  return (
    <Panel title="Important Notes" testId="event-notices">
      <NoticeList>
        {EVENT_NOTICES.map((notice) => (
          <li key={notice}>{notice}</li>
        ))}
      </NoticeList>
    </Panel>
  );
}

const PanelRoot = styled.section`
  padding: ${({ theme }) => theme.space.lg};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radii.lg};
  background: ${({ theme }) => theme.colors.surface};
  box-shadow: ${({ theme }) => theme.shadows.xs};

  h2 {
    margin: 0 0 ${({ theme }) => theme.space.md};
    font-size: ${({ theme }) => theme.fontSizes.lg};
  }
`;

const Muted = styled.p`
  margin: 0 0 ${({ theme }) => theme.space.md};
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: ${({ theme }) => theme.fontSizes.sm};
`;

const Lines = styled.ul`
  display: grid;
  gap: ${({ theme }) => theme.space.sm};
  margin: 0 0 ${({ theme }) => theme.space.md};
  padding: 0;
  list-style: none;
  font-size: ${({ theme }) => theme.fontSizes.sm};

  li {
    display: flex;
    justify-content: space-between;
    gap: ${({ theme }) => theme.space.md};
  }
`;

const Total = styled.div`
  display: flex;
  justify-content: space-between;
  margin-bottom: ${({ theme }) => theme.space.md};
  padding-top: ${({ theme }) => theme.space.md};
  border-top: 1px solid ${({ theme }) => theme.colors.border};
  font-size: ${({ theme }) => theme.fontSizes.md};

  strong {
    color: ${({ theme }) => theme.colors.primaryText};
    font-size: ${({ theme }) => theme.fontSizes.lg};
  }
`;

const Facts = styled.dl`
  display: grid;
  gap: ${({ theme }) => theme.space.sm};
  margin: 0;
  font-size: ${({ theme }) => theme.fontSizes.sm};

  div {
    display: flex;
    justify-content: space-between;
    gap: ${({ theme }) => theme.space.md};
  }
  dt {
    color: ${({ theme }) => theme.colors.textMuted};
  }
  dd {
    display: flex;
    flex-direction: column;
    align-items: flex-end;
    margin: 0;
    font-weight: ${({ theme }) => theme.fontWeights.semibold};
    text-align: right;
    overflow-wrap: break-word;
    min-width: 0;
  }
  a {
    color: ${({ theme }) => theme.colors.secondary};
    /* The e-mail and phone sit one above the other: each a 24 px target (WCAG 2.5.8). */
    display: inline-flex;
    align-items: center;
    min-height: 24px;
  }
`;

const ActionRow = styled.div`
  display: grid;
  grid-template-columns: 1fr 1fr;
  gap: ${({ theme }) => theme.space.sm};
`;

const NoticeList = styled.ul`
  display: grid;
  gap: ${({ theme }) => theme.space.sm};
  margin: 0;
  padding-left: 1.2em;
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: ${({ theme }) => theme.fontSizes.sm};

  li::marker {
    color: ${({ theme }) => theme.colors.primary};
  }
`;
