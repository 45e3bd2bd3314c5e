import QRCode from 'react-qr-code';
import styled from 'styled-components';
import type { Registration } from '@tdk/api/contract';
import { statusLabel, useCommonT, useFormats } from '@tdk/shared-ui';
import { PaymentStatusBadge, RegistrationStatusBadge } from '../status/status-badge';
import { TICKET_QR_LEVEL } from './qr-matrix';
import { attendeeName, hasMedicalNote, participantOf, pricePaid, ticketNotes } from './ticket-text';
import { ticketFieldStyles } from './ticket-styles';

export interface EventTicketProps {
  registration: Registration;
  platformName: string;
  supportEmail: string;
  /** When the ticket was produced; today by default (a test passes a fixed one). */
  generatedAt?: Date;
}

/**
 * The event ticket of SPEC.md section 2 as the console's ticket dialog shows it: one attendee of an
 * order, with their contact details (the PDF is drawn apart, by ticket-pdf.ts).
 */
export function EventTicket({ registration, platformName, supportEmail, generatedAt = new Date() }: EventTicketProps) {
  const t = useCommonT();
  const formats = useFormats();
  const info = registration.participantInfo;
  const medical = registration.additionalInfo.medicalConditions;
  return (
    <Ticket data-testid="event-ticket">
      <Head>
        <div>
          <Brand>{platformName}</Brand>
          <Title>{t('ticket.heading')}</Title>
        </div>
        <RegistrationStatusBadge status={registration.status} label={statusLabel(t, registration.status)} />
      </Head>
      <Body>
        <Details>
          {/* A list of its own: a term and its value belong in a <dl>. */}
          <NumberList>
            <Field label={t('ticket.ticketNumber')} value={registration.registrationNumber} mono />
            <Field label={t('ticket.bookingReference')} value={registration.bookingReference} mono />
          </NumberList>
          <EventName>{registration.eventName}</EventName>
          <Grid>
            <Field label={t('ticket.date')} value={formats.weekdayDate(registration.eventDate)} />
            <Field label={t('ticket.time')} value={formats.time(registration.eventTime)} />
            <Field label={t('ticket.venue')} value={registration.eventVenue} wide />
            <Field label={t('ticket.participant')} value={attendeeName(registration, t)} hint={participantOf(registration, t)} />
            <Field label={t('ticket.ticketType')} value={registration.ticketName} />
            {/* Left out for gate staff, whose answers carry no contacts (decision 047). */}
            {info.email !== undefined && <Field label={t('ticket.email')} value={info.email} />}
            {info.phone !== undefined && <Field label={t('ticket.phone')} value={info.phone} />}
            {registration.additionalInfo.shirtSize && (
              <Field label={t('ticket.shirtSize')} value={registration.additionalInfo.shirtSize} />
            )}
          </Grid>
        </Details>
        <Code>
          <QRCode
            value={registration.qrCode}
            size={140}
            level={TICKET_QR_LEVEL}
            title={t('ticket.qrTitle', { code: registration.qrCode })}
          />
          <small>{t('ticket.scanHint')}</small>
        </Code>
      </Body>
      <Important>
        <h3>{t('ticket.importantHeading')}</h3>
        <ul>
          {ticketNotes(registration, formats.language).map((note) => (
            <li key={note}>{note}</li>
          ))}
          <li>{t('ticket.presentTicket')}</li>
          <li>{t('ticket.nonTransferable')}</li>
          <li>{t('ticket.help', { email: supportEmail })}</li>
          {hasMedicalNote(medical) && <Medical>{t('ticket.medicalNote', { note: medical })}</Medical>}
        </ul>
      </Important>
      <Foot>
        <span>{t('ticket.generatedOn', { date: formats.longDate(generatedAt.toISOString().slice(0, 10)) })}</span>
        {registration.checkInTime && <span>{t('ticket.checkedInAt', { time: formats.dateTime(registration.checkInTime) })}</span>}
        <span>
          {t('ticket.pricePaid')}: {pricePaid(registration, t, formats)} ·{' '}
          <PaymentStatusBadge status={registration.paymentStatus} label={statusLabel(t, registration.paymentStatus)} />
        </span>
      </Foot>
      <Usage>
        <strong>{t('ticket.howToHeading')}</strong>
        <span>{t('ticket.howTo')}</span>
      </Usage>
    </Ticket>
  );
}

function Field({
  label,
  value,
  mono,
  wide,
  hint,
}: {
  label: string;
  value: string;
  mono?: boolean;
  wide?: boolean;
  hint?: string;
}) {
  return (
    <FieldBox $wide={wide}>
      <dt>{label}</dt>
      <dd className={mono ? 'mono' : undefined}>{value || '–'}</dd>
      {hint && <dd className="hint">{hint}</dd>}
    </FieldBox>
  );
}

const Ticket = styled.div`
  background: ${({ theme }) => theme.colors.surface};
  color: ${({ theme }) => theme.colors.text};
  border: 2px dashed ${({ theme }) => theme.colors.borderStrong};
  border-radius: ${({ theme }) => theme.radii.lg};
  padding: ${({ theme }) => theme.space.xl};
  display: grid;
  gap: ${({ theme }) => theme.space.lg};
  max-width: 760px;
  margin: 0 auto;
`;

const Head = styled.header`
  display: flex;
  justify-content: space-between;
  align-items: flex-start;
  gap: ${({ theme }) => theme.space.md};
  border-bottom: 1px solid ${({ theme }) => theme.colors.border};
  padding-bottom: ${({ theme }) => theme.space.md};
`;

const Brand = styled.p`
  margin: 0;
  color: ${({ theme }) => theme.colors.primaryText};
  font-weight: ${({ theme }) => theme.fontWeights.black};
  font-size: ${({ theme }) => theme.fontSizes.lg};
`;

const Title = styled.h2`
  margin: 0;
  letter-spacing: 0.08em;
  font-size: ${({ theme }) => theme.fontSizes.md};
`;

const Body = styled.div`
  display: grid;
  grid-template-columns: 1fr auto;
  gap: ${({ theme }) => theme.space.xl};
  align-items: start;

  @media (max-width: 560px) {
    grid-template-columns: 1fr;
  }
`;

const Details = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.space.md};
  min-width: 0;
`;

const NumberList = styled.dl`
  margin: 0;
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space.md} ${({ theme }) => theme.space.xl};
`;

const EventName = styled.p`
  margin: 0;
  font-size: ${({ theme }) => theme.fontSizes.xl};
  font-weight: ${({ theme }) => theme.fontWeights.bold};
`;

const Grid = styled.dl`
  margin: 0;
  display: grid;
  grid-template-columns: repeat(2, minmax(0, 1fr));
  gap: ${({ theme }) => theme.space.md};
`;

const FieldBox = styled.div<{ $wide?: boolean }>`
  grid-column: ${({ $wide }) => ($wide ? '1 / -1' : 'auto')};
  min-width: 0;

  ${ticketFieldStyles}
  dd.hint {
    color: ${({ theme }) => theme.colors.textMuted};
    font-weight: ${({ theme }) => theme.fontWeights.regular};
    font-size: ${({ theme }) => theme.fontSizes.sm};
  }
`;

const Code = styled.figure`
  margin: 0;
  display: grid;
  justify-items: center;
  gap: ${({ theme }) => theme.space.sm};
  padding: ${({ theme }) => theme.space.md};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radii.md};
  background: ${({ theme }) => theme.colors.surface};
  max-width: 180px;
  justify-self: center;
  text-align: center;

  small {
    color: ${({ theme }) => theme.colors.textMuted};
    font-size: ${({ theme }) => theme.fontSizes.xs};
  }
`;

const Important = styled.section`
  h3 {
    margin: 0 0 ${({ theme }) => theme.space.sm};
    font-size: ${({ theme }) => theme.fontSizes.md};
  }
  ul {
    margin: 0;
    padding-left: 1.2em;
    display: grid;
    gap: 4px;
    font-size: ${({ theme }) => theme.fontSizes.sm};
  }
`;

const Medical = styled.li`
  color: ${({ theme }) => theme.colors.dangerHover};
  font-weight: ${({ theme }) => theme.fontWeights.semibold};
`;

const Foot = styled.footer`
  display: flex;
  flex-wrap: wrap;
  justify-content: space-between;
  gap: ${({ theme }) => theme.space.sm};
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: ${({ theme }) => theme.fontSizes.sm};
  border-top: 1px solid ${({ theme }) => theme.colors.border};
  padding-top: ${({ theme }) => theme.space.md};
`;

const Usage = styled.p`
  margin: 0;
  display: grid;
  gap: 2px;
  padding: ${({ theme }) => theme.space.md};
  border-radius: ${({ theme }) => theme.radii.md};
  background: ${({ theme }) => theme.colors.secondarySoft};
  font-size: ${({ theme }) => theme.fontSizes.sm};
`;
