import styled from 'styled-components';
import type { Registration } from '@tdk/api/contract';
import { VisuallyHidden, formatRupees, formatShortDate, formatTime12 } from '@tdk/shared-ui';
import { PaymentStatusBadge, RegistrationStatusBadge, StatusBadge, type DataTableColumn } from '@tdk/shared-ui/admin';
import { attendeeName, positionText } from './attendee';
import { RowActions, type RegistrationAction } from './row-actions';

/** A team as its link reads: 'Team Gazelles', but not 'Team Team Deshmukh'. */
const teamLabel = (name: string) => (/\bteam\b/i.test(name) ? name : `Team ${name}`);

/**
 * The registrations table's columns. At 1280 px the actions and the amount stay in view: the
 * booking reference (a ticket number is its booking's plus a position) and the date are hidden
 * until staff choose them, and the actions keep to the right edge when the table scrolls sideways.
 */
export function registrationColumns({
  onAction,
  can,
  filterTeam,
}: {
  onAction: (action: RegistrationAction, registration: Registration) => void;
  can: (action: RegistrationAction) => boolean;
  filterTeam: (team: string) => void;
}): DataTableColumn<Registration>[] {
  return [
    {
      key: 'number',
      header: 'Ticket #',
      render: (r) => {
        // Its place in the booking ('2 of 3'): the booking's reference is the number without it.
        const position = positionText(r);
        return (
          <>
            <Code>{r.registrationNumber}</Code>
            {position && <Muted>{position}</Muted>}
          </>
        );
      },
    },
    {
      key: 'booking',
      header: 'Booking',
      optional: 'hidden',
      // A single ticket from before orders held attendees: its number is its booking's too.
      render: (r) =>
        r.bookingReference === r.registrationNumber ? <Muted>Same as ticket #</Muted> : <Code>{r.bookingReference}</Code>,
    },
    {
      key: 'attendee',
      header: 'Attendee',
      render: (r) => {
        const name = attendeeName(r);
        return (
          <>
            {name && <strong>{name}</strong>}
            {r.detailsMissing && <StatusBadge tone="yellow" size="sm" label="Details missing" />}
            {r.participantInfo.email && (
              <Muted title={r.participantInfo.email} $clip>
                {r.participantInfo.email}
              </Muted>
            )}
          </>
        );
      },
    },
    {
      key: 'event',
      header: 'Event',
      optional: 'shown',
      render: (r) => (
        <>
          <strong>{r.eventName}</strong>
          <Muted title={r.eventVenue} $clip>
            {r.eventVenue}
          </Muted>
        </>
      ),
    },
    {
      key: 'ticket',
      header: 'Ticket type',
      optional: 'shown',
      render: (r) => (
        <>
          {r.ticketName}
          {(r.additionalInfo.teamName || r.bib !== null) && (
            <Muted>
              {r.additionalInfo.teamName && (
                <TeamLink type="button" onClick={() => filterTeam(r.additionalInfo.teamName!)}>
                  {teamLabel(r.additionalInfo.teamName)}
                </TeamLink>
              )}
              {r.additionalInfo.teamName && r.bib !== null && ' · '}
              {r.bib !== null && `Bib ${r.bib}`}
            </Muted>
          )}
        </>
      ),
    },
    {
      key: 'date',
      header: 'Date',
      optional: 'hidden',
      render: (r) => (
        <NoWrap>
          {formatShortDate(r.registrationDate)}
          <Muted>{formatTime12(r.registrationDate)}</Muted>
        </NoWrap>
      ),
    },
    { key: 'status', header: 'Status', render: (r) => <RegistrationStatusBadge status={r.status} /> },
    {
      key: 'payment',
      // The order's payment, the same for each of its attendees (decision 021): shown, not edited here.
      label: 'Payment (order)',
      header: (
        <>
          Payment<VisuallyHidden> (order)</VisuallyHidden>
        </>
      ),
      optional: 'shown',
      render: (r) => <PaymentStatusBadge status={r.paymentStatus} />,
    },
    { key: 'amount', header: 'Amount', align: 'right', render: (r) => <NoWrap>{formatRupees(r.amount)}</NoWrap> },
    {
      key: 'actions',
      header: 'Actions',
      sticky: 'end',
      align: 'right',
      render: (r) => <RowActions registration={r} onAction={onAction} can={can} />,
    },
  ];
}

const Muted = styled.span<{ $clip?: boolean }>`
  display: block;
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: ${({ theme }) => theme.fontSizes.sm};
  /* A long e-mail or venue is cut with an ellipsis (its title shows it whole) at the column's width:
     a zero width with a full min-width adds nothing to the column's own minimum, so the table can
     narrow the column instead of scrolling sideways. */
  ${({ $clip }) => ($clip ? 'width: 0; min-width: 100%; white-space: nowrap; overflow: hidden; text-overflow: ellipsis;' : '')}
`;

/** A row's team: a link-looking button that filters the list to that team. */
const TeamLink = styled.button`
  padding: 0;
  border: 0;
  background: none;
  color: ${({ theme }) => theme.colors.primaryText};
  font: inherit;
  text-align: left;
  text-decoration: underline;
  cursor: pointer;
`;

const NoWrap = styled.span`
  white-space: nowrap;
`;

const Code = styled.code`
  font-family: ${({ theme }) => theme.fonts.mono};
  font-size: ${({ theme }) => theme.fontSizes.sm};
`;
