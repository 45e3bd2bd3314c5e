import QRCode from 'react-qr-code';
import styled from 'styled-components';
import type { Registration } from '@tdk/api/contract';
import { statusLabel, useCommonT, useFormats } from '@tdk/shared-ui';
import { RegistrationStatusBadge } from '../status/status-badge';
import { TICKET_QR_LEVEL } from './qr-matrix';
import { attendeeName, participantOf, pricePaid } from './ticket-text';
import { ticketFieldStyles } from './ticket-styles';

export interface AttendeeTicketCardProps {
  registration: Registration;
}

/**
 * One attendee's ticket on the attendee's page (issue 23): their name, ticket type, price paid,
 * place in the order, ticket number, status and check-in, and their own QR. The event and the
 * booking reference are the page's, shown once above the cards.
 */
export function AttendeeTicketCard({ registration }: AttendeeTicketCardProps) {
  const t = useCommonT();
  const formats = useFormats();
  const name = attendeeName(registration, t);
  return (
    <Card aria-label={name} data-testid="attendee-ticket">
      <Who>
        <div>
          <Name $missing={registration.detailsMissing}>{name}</Name>
          <Muted>{participantOf(registration, t)}</Muted>
        </div>
        <Status>
          <RegistrationStatusBadge status={registration.status} label={statusLabel(t, registration.status)} />
          {registration.checkInTime && (
            <Muted>{t('ticket.checkedInAt', { time: formats.dateTime(registration.checkInTime) })}</Muted>
          )}
        </Status>
      </Who>
      <Body>
        <Details>
          <div>
            <dt>{t('ticket.ticketType')}</dt>
            <dd>{registration.ticketName}</dd>
          </div>
          <div>
            <dt>{t('ticket.pricePaid')}</dt>
            <dd>{pricePaid(registration, t, formats)}</dd>
          </div>
          <div>
            <dt>{t('ticket.ticketNumber')}</dt>
            <dd className="mono">{registration.registrationNumber}</dd>
          </div>
          {registration.bib !== null && (
            <div>
              <dt>{t('ticket.bib')}</dt>
              <dd className="mono">{registration.bib}</dd>
            </div>
          )}
        </Details>
        <Code>
          <QRCode
            value={registration.qrCode}
            size={160}
            level={TICKET_QR_LEVEL}
            title={t('ticket.qrTitle', { code: registration.qrCode })}
          />
          <figcaption>{registration.qrCode}</figcaption>
        </Code>
      </Body>
    </Card>
  );
}

const Card = styled.article`
  background: ${({ theme }) => theme.colors.surface};
  color: ${({ theme }) => theme.colors.text};
  border: 2px dashed ${({ theme }) => theme.colors.borderStrong};
  border-radius: ${({ theme }) => theme.radii.lg};
  padding: ${({ theme }) => theme.space.lg};
  display: grid;
  gap: ${({ theme }) => theme.space.md};
`;

const Who = styled.header`
  display: flex;
  flex-wrap: wrap;
  justify-content: space-between;
  align-items: flex-start;
  gap: ${({ theme }) => theme.space.sm};
  border-bottom: 1px solid ${({ theme }) => theme.colors.border};
  padding-bottom: ${({ theme }) => theme.space.sm};
`;

const Name = styled.h3<{ $missing: boolean }>`
  margin: 0;
  font-size: ${({ $missing, theme }) => ($missing ? theme.fontSizes.md : theme.fontSizes.xl)};
  color: ${({ $missing, theme }) => ($missing ? theme.colors.dangerHover : theme.colors.text)};
  overflow-wrap: anywhere;
`;

const Muted = styled.p`
  margin: 2px 0 0;
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: ${({ theme }) => theme.fontSizes.sm};
`;

const Status = styled.div`
  display: grid;
  justify-items: end;
  gap: 2px;
`;

const Body = styled.div`
  display: grid;
  grid-template-columns: 1fr auto;
  gap: ${({ theme }) => theme.space.lg};
  align-items: start;

  @media (max-width: 520px) {
    grid-template-columns: 1fr;
  }
`;

const Details = styled.dl`
  margin: 0;
  display: grid;
  gap: ${({ theme }) => theme.space.sm};
  min-width: 0;

  ${ticketFieldStyles}
`;

const Code = styled.figure`
  margin: 0;
  display: grid;
  justify-items: center;
  gap: ${({ theme }) => theme.space.xs};
  padding: ${({ theme }) => theme.space.md};
  background: #ffffff;
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radii.md};
  justify-self: center;

  figcaption {
    font-family: ${({ theme }) => theme.fonts.mono};
    font-size: ${({ theme }) => theme.fontSizes.xs};
    color: ${({ theme }) => theme.colors.textMuted};
    overflow-wrap: anywhere;
    max-width: 180px;
    text-align: center;
  }
`;
