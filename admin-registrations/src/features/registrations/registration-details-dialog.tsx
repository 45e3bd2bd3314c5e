import styled from 'styled-components';
import type { Registration } from '@tdk/api/contract';
import { Button, Dialog, formatDateTime, formatRupees, formatTime12, formatWeekdayDate } from '@tdk/shared-ui';
import { PaymentStatusBadge, RegistrationStatusBadge, StatusBadge } from '@tdk/shared-ui/admin';
import { answerRows, attendeeName, positionText } from './attendee';
import { useOrderAttendees } from './queries';
import type { RegistrationAction } from './row-actions';
import { Row, Section, SectionBox } from './detail-section';
import { WaveSection } from './wave-control';

/**
 * The Registration Details dialog of SPEC.md section 2, with its five actions: one attendee, their
 * order's booking reference and the order's other attendees (decision 021), each openable.
 */
export function RegistrationDetailsDialog({
  registration,
  onClose,
  onAction,
  can,
}: {
  registration: Registration | null;
  onClose: () => void;
  onAction: (action: RegistrationAction, registration: Registration) => void;
  can: (action: RegistrationAction) => boolean;
}) {
  const r = registration;
  const extra = r?.additionalInfo;
  const hasExtra =
    extra &&
    [extra.medicalConditions, extra.dietaryRestrictions, extra.previousExperience, extra.teamName, extra.shirtSize].some(Boolean);
  const act = (action: RegistrationAction) => r && onAction(action, r);
  const others = useOrderAttendees(r);
  const answers = answerRows(r?.answers);
  const position = r && positionText(r);
  return (
    <Dialog
      open={r !== null}
      onClose={onClose}
      title="Registration Details"
      description={r?.registrationNumber}
      size="lg"
      footer={
        r && (
          <Actions>
            {can('download') && (
              <Button variant="outline" onClick={() => act('download')}>
                Download Ticket
              </Button>
            )}
            {can('whatsapp') && (
              <Button variant="outline" onClick={() => act('whatsapp')}>
                Send WhatsApp
              </Button>
            )}
            {can('email') && (
              <Button variant="outline" onClick={() => act('email')}>
                Send Email
              </Button>
            )}
            {can('edit') && (
              <Button variant="outline" onClick={() => act('edit')}>
                Edit Registration
              </Button>
            )}
            {can('delete') && (
              <Button variant="danger" onClick={() => act('delete')}>
                Delete Registration
              </Button>
            )}
          </Actions>
        )
      }
    >
      {r && (
        <Body>
          <Badges>
            <RegistrationStatusBadge status={r.status} />
            <PaymentStatusBadge status={r.paymentStatus} />
            {r.detailsMissing && <StatusBadge tone="yellow" label="Details missing" />}
          </Badges>
          <Section
            title="Booking"
            after={
              // An attendee recorded without an order (orderId null) has no booking to open.
              r.orderId !== null &&
              can('booking') && (
                <BookingAction>
                  <Button variant="outline" size="sm" onClick={() => act('booking')}>
                    Open Booking
                  </Button>
                </BookingAction>
              )
            }
          >
            <Row label="Booking reference">
              <code>{r.bookingReference}</code>
            </Row>
            <Row label="Ticket number">
              <code>{r.registrationNumber}</code>
            </Row>
            <Row label="Attendee">{position ?? '1 of 1'}</Row>
          </Section>
          <Section title="Event">
            <Row label="Name">{r.eventName}</Row>
            <Row label="Date">{formatWeekdayDate(r.eventDate)}</Row>
            <Row label="Time">{formatTime12(r.eventTime)}</Row>
            <Row label="Venue">{r.eventVenue}</Row>
          </Section>
          <Section title="Ticket">
            <Row label="Ticket type">{r.ticketName}</Row>
            <Row label="Price">{formatRupees(r.ticketPrice)}</Row>
            <Row label="Ticket code">
              <code>{r.qrCode}</code>
            </Row>
          </Section>
          {/* The start wave (decision 068): managers move a runner by hand, as every other change of an attendee. */}
          <WaveSection registration={r} canChange={can('edit')} />
          <Section title="Participant">
            <Row label="Full name">{attendeeName(r) || '–'}</Row>
            {/* Left out of gate staff's answers (decision 047): no empty rows either. */}
            {r.participantInfo.email !== undefined && <Row label="Email">{r.participantInfo.email}</Row>}
            {r.participantInfo.phone !== undefined && <Row label="Phone">{r.participantInfo.phone}</Row>}
            {r.participantInfo.dateOfBirth && <Row label="Date of birth">{r.participantInfo.dateOfBirth}</Row>}
            <Row label="Gender">
              {r.participantInfo.gender
                ? r.participantInfo.gender.charAt(0).toUpperCase() + r.participantInfo.gender.slice(1)
                : '–'}
            </Row>
            {/* Gate staff receive no contacts (decision 047): the row is left out, not shown empty. */}
            {r.participantInfo.emergencyContact && (
              <Row label="Emergency contact">
                {[r.participantInfo.emergencyContact.name, r.participantInfo.emergencyContact.phone].filter(Boolean).join(', ') ||
                  '–'}
              </Row>
            )}
          </Section>
          {hasExtra && extra && (
            <Section title="Additional information">
              {extra.medicalConditions && <Row label="Medical conditions">{extra.medicalConditions}</Row>}
              {extra.dietaryRestrictions && <Row label="Dietary restrictions">{extra.dietaryRestrictions}</Row>}
              {extra.previousExperience && <Row label="Previous experience">{extra.previousExperience}</Row>}
              {extra.teamName && <Row label="Team name">{extra.teamName}</Row>}
              {extra.shirtSize && <Row label="Shirt size">{extra.shirtSize}</Row>}
            </Section>
          )}
          {answers.length > 0 && (
            <Section title="Answers">
              {answers.map((answer) => (
                <Row key={answer.question} label={answer.question}>
                  {answer.text}
                </Row>
              ))}
            </Section>
          )}
          {r.orderSize > 1 && (
            <OrderSection aria-label="Other attendees of this booking">
              <h3>Other attendees of this booking</h3>
              {others.isPending && <Muted>Loading…</Muted>}
              {others.isError && <Muted role="alert">The other attendees could not be loaded.</Muted>}
              {others.data && others.data.length === 0 && <Muted>No other attendee of this booking was found.</Muted>}
              {others.data && others.data.length > 0 && (
                <ul>
                  {others.data.map((other) => (
                    <li key={other.id}>
                      <Button
                        variant="ghost"
                        size="sm"
                        onClick={() => onAction('details', other)}
                        aria-label={`Open ${other.registrationNumber}${attendeeName(other) ? `, ${attendeeName(other)}` : ''}`}
                      >
                        <code>{other.registrationNumber}</code>
                      </Button>
                      <span>{attendeeName(other) || 'Details missing'}</span>
                      <Muted>
                        {other.ticketName}
                        {positionText(other) ? ` · ${positionText(other)}` : ''}
                      </Muted>
                      <RegistrationStatusBadge status={other.status} size="sm" />
                    </li>
                  ))}
                </ul>
              )}
            </OrderSection>
          )}
          <Section title="Payment">
            <Row label="Status">{`${r.paymentStatus} (the booking's, for all its attendees)`}</Row>
            <Row label="Method">{r.paymentMethod || '–'}</Row>
            <Row label="Transaction ID">{r.transactionId || '–'}</Row>
            <Row label="Amount">{formatRupees(r.amount)}</Row>
          </Section>
          <Section title="Timeline">
            <Row label="Registered">{formatDateTime(r.registrationDate)}</Row>
            <Row label="Checked in">
              {r.checkInTime
                ? `${formatDateTime(r.checkInTime)}${r.checkInGate ? ` at ${r.checkInGate}` : ''}`
                : 'Not checked in'}
            </Row>
            <Row label="Email sent">{r.emailSent ? 'Yes' : 'No'}</Row>
            <Row label="WhatsApp sent">{r.whatsappSent ? 'Yes' : 'No'}</Row>
            <Row label="Ticket downloaded">{r.ticketDownloaded ? 'Yes' : 'No'}</Row>
          </Section>
          {/* Free text, not label/value rows: a paragraph, not a definition list. */}
          <SectionBox aria-label="Notes">
            <h3>Notes</h3>
            <Notes>{r.notes || 'No notes.'}</Notes>
          </SectionBox>
        </Body>
      )}
    </Dialog>
  );
}

const Body = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.space.lg};
`;

const Badges = styled.div`
  display: flex;
  gap: ${({ theme }) => theme.space.sm};
`;

const BookingAction = styled.div`
  margin-top: ${({ theme }) => theme.space.xs};
`;

const OrderSection = styled.section`
  h3 {
    margin: 0 0 ${({ theme }) => theme.space.sm};
    font-size: ${({ theme }) => theme.fontSizes.md};
  }
  ul {
    margin: 0;
    padding: 0;
    list-style: none;
    display: grid;
    gap: ${({ theme }) => theme.space.xs};
  }
  li {
    display: flex;
    flex-wrap: wrap;
    align-items: center;
    gap: ${({ theme }) => theme.space.sm};
    font-size: ${({ theme }) => theme.fontSizes.sm};
  }
  code {
    font-family: ${({ theme }) => theme.fonts.mono};
  }
`;

const Muted = styled.span`
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: ${({ theme }) => theme.fontSizes.sm};
`;

const Notes = styled.p`
  margin: 0;
  white-space: pre-wrap;
  font-size: ${({ theme }) => theme.fontSizes.sm};
`;

const Actions = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space.sm};
  justify-content: flex-end;
`;
