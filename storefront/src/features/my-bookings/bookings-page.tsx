import { lazy, Suspense, useEffect, useState } from 'react';
import { Link } from '@tdk/shared-ui/router';
import styled from 'styled-components';
import type { MyAttendee, MyBooking, SelfServiceAction } from '@tdk/api/contract';
import { Button, Skeleton, isApiError, useApiClient, useConfig, useFormats } from '@tdk/shared-ui';
import { useBookingsT } from './i18n';
import { AttendeeDialog, type AttendeeDialogMode } from './attendee-dialog';
import { useCertificateHref } from '../results/queries';
import { CancelDialog } from './cancel-dialog';
import { RaceChangeDialog } from './race-change-dialog';
import { Page } from './open-link-page';
import { useCloseBookingsSession, useMyBookings } from './queries';
import { RequestLinkForm } from './request-link-form';
import { YourData } from './your-data';

// The kit authorisation's dialog and its QR encoder load when a participant opens it.
const KitDialog = lazy(() => import(/* webpackChunkName: "my-bookings-kit" */ './kit-dialog'));

/**
 * /bookings: the signed-in buyer's orders (decision 023): each event, its booking reference, every
 * attendee with their ticket type, ticket number and ticket page (where the PDF is), and what the
 * event lets the buyer do now. Without a buyer session, the form for a sign-in link.
 */
export function BookingsPage() {
  const t = useBookingsT();
  const config = useConfig();
  const formats = useFormats();
  const bookings = useMyBookings();
  const close = useCloseBookingsSession();
  const [editing, setEditing] = useState<{ booking: MyBooking; attendee: MyAttendee; mode: AttendeeDialogMode } | null>(null);
  const [cancelling, setCancelling] = useState<MyAttendee | null>(null);
  const [collecting, setCollecting] = useState<string | null>(null);
  const [changingRace, setChangingRace] = useState<MyAttendee | null>(null);

  useEffect(() => {
    document.title = t('bookings.documentTitle', { platformName: config.platformName });
  }, [config.platformName, t]);

  if (bookings.isPending) {
    return (
      <Page role="status" aria-busy="true" aria-label={t('bookings.loading')}>
        <Skeleton height={40} width="50%" />
        <Skeleton height={220} radius="14px" />
      </Page>
    );
  }
  if (bookings.isError) {
    const signedOut = isApiError(bookings.error) && bookings.error.status === 401;
    return (
      <Page>
        <h1>{t('bookings.title')}</h1>
        {signedOut ? (
          <RequestLinkForm />
        ) : (
          <>
            <p role="alert">{t('bookings.loadFailed')}</p>
            <div>
              <Button onClick={() => void bookings.refetch()}>{t('pay.tryAgain')}</Button>
            </div>
          </>
        )}
      </Page>
    );
  }

  const { email, bookings: list, credits = [] } = bookings.data;
  // The attendee as the latest answer has them: the dialog shows a new authorisation at once.
  const collectingAttendee = list.flatMap((booking) => booking.attendees).find((a) => a.ticketNumber === collecting);
  return (
    <Page>
      <Head>
        <div>
          <h1>{t('bookings.title')}</h1>
          <p>{t('bookings.signedInAs', { email })}</p>
        </div>
        <Button variant="outline" size="sm" loading={close.isPending} onClick={() => close.mutate()}>
          {t('bookings.signOut')}
        </Button>
      </Head>
      {credits.length > 0 && (
        <Credits aria-label={t('bookings.credits')}>
          {credits.map((credit) => (
            <li key={`${credit.organisationId}-${credit.createdAt}`} data-testid="buyer-credit">
              {t('bookings.creditLine', { amount: formats.rupees(credit.amount), organiser: credit.organiserName })}
            </li>
          ))}
        </Credits>
      )}
      {list.length === 0 ? (
        <p>{t('bookings.none')}</p>
      ) : (
        list.map((booking) => (
          <BookingCard
            key={booking.bookingReference}
            booking={booking}
            onEdit={(attendee, mode) => setEditing({ booking, attendee, mode })}
            onCancel={setCancelling}
            onKit={(attendee) => setCollecting(attendee.ticketNumber)}
            onRaceChange={setChangingRace}
          />
        ))
      )}
      <YourData />
      <p>
        <Link to="/events">{t('nav.allEvents')}</Link>
      </p>
      {editing && (
        <AttendeeDialog
          key={`${editing.attendee.ticketNumber}-${editing.mode}`}
          booking={editing.booking}
          attendee={editing.attendee}
          mode={editing.mode}
          onClose={() => setEditing(null)}
        />
      )}
      {changingRace && (
        <RaceChangeDialog key={changingRace.ticketNumber} attendee={changingRace} onClose={() => setChangingRace(null)} />
      )}
      {cancelling && <CancelDialog key={cancelling.ticketNumber} attendee={cancelling} onClose={() => setCancelling(null)} />}
      {collectingAttendee?.kitCollection && (
        <Suspense fallback={null}>
          <KitDialog key={collectingAttendee.ticketNumber} attendee={collectingAttendee} onClose={() => setCollecting(null)} />
        </Suspense>
      )}
    </Page>
  );
}

/**
 * The order's tax invoice and credit notes (decision 031), each a PDF the API draws for the buyer
 * signed in here (`GET /api/bookings/invoices/:id/pdf`).
 */
/** What the buyer paid (decision 060): the tickets, the convenience fee and its GST as their own lines, and the total. */
function PaymentLines({ payment }: { payment: NonNullable<MyBooking['payment']> }) {
  const t = useBookingsT();
  const formats = useFormats();
  return (
    <Payment aria-label={t('bookings.payment')} data-testid="booking-payment">
      <li>
        <span>{t('bookings.paymentTickets')}</span>
        <span>{formats.rupees(payment.tickets)}</span>
      </li>
      {payment.fees.flatMap((fee) => [
        <li key={`${fee.kind}-fee`}>
          <span>{t('bookings.convenienceFee', { count: fee.quantity })}</span>
          <span>{formats.rupees(fee.feePaise / 100)}</span>
        </li>,
        <li key={`${fee.kind}-gst`}>
          <span>{t('bookings.convenienceFeeGst', { rate: fee.gstRate })}</span>
          <span>{formats.rupees(fee.gstPaise / 100)}</span>
        </li>,
      ])}
      <li>
        <strong>{t('bookings.paymentTotal')}</strong>
        <strong>{formats.rupees(payment.total)}</strong>
      </li>
    </Payment>
  );
}

/** The organiser's invoice and credit notes for the tickets, the platform's for its convenience fee (decision 067). */
const documentLabel = ({ kind, issuer }: NonNullable<MyBooking['invoices']>[number]) =>
  issuer === 'platform'
    ? kind === 'invoice'
      ? 'bookings.feeInvoice'
      : 'bookings.feeCreditNote'
    : kind === 'invoice'
      ? 'bookings.invoice'
      : 'bookings.creditNote';

function InvoiceLinks({ invoices }: { invoices: NonNullable<MyBooking['invoices']> }) {
  const t = useBookingsT();
  const client = useApiClient();
  return (
    <Documents data-testid="booking-invoices">
      {invoices.map((invoice) => (
        <li key={invoice.id}>
          <a href={client.api.bookings.invoices[':id'].pdf.$path({ param: { id: String(invoice.id) } })} download>
            {t(documentLabel(invoice), { number: invoice.number })}
          </a>
        </li>
      ))}
    </Documents>
  );
}

function BookingCard({
  booking,
  onEdit,
  onCancel,
  onKit,
  onRaceChange,
}: {
  booking: MyBooking;
  onEdit: (attendee: MyAttendee, mode: AttendeeDialogMode) => void;
  onCancel: (attendee: MyAttendee) => void;
  onKit: (attendee: MyAttendee) => void;
  onRaceChange: (attendee: MyAttendee) => void;
}) {
  const t = useBookingsT();
  const formats = useFormats();
  const headingId = `booking-${booking.bookingReference}`;
  return (
    <Card aria-labelledby={headingId} data-testid="booking">
      <h2 id={headingId}>{booking.eventName}</h2>
      <Facts>
        <div>
          <dt>{t('bookings.when')}</dt>
          <dd>
            {formats.weekdayDate(booking.eventDate)}
            {booking.eventTime ? `, ${formats.time(booking.eventTime)}` : ''}
          </dd>
        </div>
        <div>
          <dt>{t('bookings.venue')}</dt>
          <dd>{booking.eventVenue}</dd>
        </div>
        <div>
          <dt>{t('bookings.reference')}</dt>
          <dd>{booking.bookingReference}</dd>
        </div>
      </Facts>
      {booking.cancellation && (
        <Policy data-testid="cancellation-policy">
          {t('bookings.cancellationPolicy', {
            days: booking.cancellation.daysBefore,
            count: booking.cancellation.daysBefore,
            fee: booking.cancellation.feePercent,
            date: formats.dateTime(booking.cancellation.until),
          })}
        </Policy>
      )}
      <div>
        {booking.ticketUrl && (
          <Button as={Link} to={booking.ticketUrl} variant="outline" size="sm">
            {t('bookings.allTickets')}
          </Button>
        )}
      </div>
      {booking.payment && <PaymentLines payment={booking.payment} />}
      {booking.invoices && booking.invoices.length > 0 && <InvoiceLinks invoices={booking.invoices} />}
      <Attendees aria-label={t('bookings.attendees')}>
        {booking.attendees.map((attendee) => (
          <li key={attendee.ticketNumber} data-testid="booking-attendee">
            <strong>{attendee.name}</strong>
            <span>
              {attendee.ticketName} · {t('bookings.ticketNumber')} {attendee.ticketNumber}
              {attendee.bib !== null ? ` · ${t('bookings.bib')} ${attendee.bib}` : ''}
              {attendee.wave ? ` · ${t('bookings.wave', { wave: attendee.wave.name, start: attendee.wave.start })}` : ''}
            </span>
            {attendee.status === 'Cancelled' && (
              <Status data-testid="attendee-cancelled">
                {t('bookings.cancelled')}
                {attendee.refunded > 0 ? ` · ${t('bookings.refunded', { amount: formats.rupees(attendee.refunded) })}` : ''}
              </Status>
            )}
            {attendee.transferredTo && (
              <Status data-testid="attendee-transferred">
                {t('bookings.transferredTo', { name: attendee.transferredTo.name, email: attendee.transferredTo.email })}
              </Status>
            )}
            <Actions>
              {!attendee.transferredTo && (
                <Button
                  as={Link}
                  to={attendee.ticketUrl}
                  size="sm"
                  variant="secondary"
                  aria-label={t('bookings.ticketOfNamed', { name: attendee.name })}
                >
                  {t('bookings.ticketAndPdf')}
                </Button>
              )}
              {attendee.changeDetails.open && (
                <Button
                  size="sm"
                  variant="outline"
                  onClick={() => onEdit(attendee, 'change')}
                  aria-label={t('bookings.changeDetailsOfNamed', { name: attendee.name })}
                >
                  {t('bookings.changeDetails')}
                </Button>
              )}
              {attendee.transfer.open && (
                <Button
                  size="sm"
                  variant="outline"
                  onClick={() => onEdit(attendee, 'transfer')}
                  aria-label={t('bookings.transferOfNamed', { name: attendee.name })}
                >
                  {t('bookings.transfer')}
                </Button>
              )}
              {attendee.cancel.open && attendee.cancelTerms && (
                <Button
                  size="sm"
                  variant="outline"
                  onClick={() => onCancel(attendee)}
                  aria-label={t('bookings.cancelTicketOfNamed', { name: attendee.name })}
                >
                  {t('bookings.cancelTicket')}
                </Button>
              )}
              {(attendee.raceChange?.swap.open || attendee.raceChange?.defer.open) && (
                <Button
                  size="sm"
                  variant="outline"
                  onClick={() => onRaceChange(attendee)}
                  aria-label={t('bookings.changeRaceOfNamed', { name: attendee.name })}
                >
                  {t('bookings.changeRace')}
                </Button>
              )}
              {attendee.kitCollection && (attendee.kitCollection.canAuthorise || liveKitAuthorisation(attendee)) && (
                <Button
                  size="sm"
                  variant="outline"
                  onClick={() => onKit(attendee)}
                  aria-label={t('bookings.kitOfNamed', { name: attendee.name })}
                >
                  {liveKitAuthorisation(attendee) ? t('bookings.kitShowQr') : t('bookings.kitSomeoneCollects')}
                </Button>
              )}
            </Actions>
            <KitStatus attendee={attendee} />
            <ResultLine attendee={attendee} />
            <Deadlines attendee={attendee} />
          </li>
        ))}
      </Attendees>
    </Card>
  );
}

const liveKitAuthorisation = (attendee: MyAttendee) =>
  attendee.kitCollection?.authorisation && !attendee.kitCollection.authorisation.usedAt
    ? attendee.kitCollection.authorisation
    : null;

/** A race entry's kit (decision 069): collected (by whom, if someone else), or who may collect it. */
function KitStatus({ attendee }: { attendee: MyAttendee }) {
  const t = useBookingsT();
  const formats = useFormats();
  const kit = attendee.kitCollection;
  if (!kit) return null;
  if (kit.collectedAt) {
    const by = kit.authorisation?.usedAt ? kit.authorisation.collectorName : null;
    return (
      <KitLine data-testid="kit-status">
        {by
          ? t('bookings.kitCollectedBy', { date: formats.dateTime(kit.collectedAt), name: by })
          : t('bookings.kitCollected', { date: formats.dateTime(kit.collectedAt) })}
      </KitLine>
    );
  }
  const live = liveKitAuthorisation(attendee);
  return live ? <KitLine data-testid="kit-status">{t('bookings.kitAuthorised', { name: live.collectorName })}</KitLine> : null;
}

/** A race entry's published result (decision 070): the time, its page, and a finisher's certificate. */
function ResultLine({ attendee }: { attendee: MyAttendee }) {
  const t = useBookingsT();
  const result = attendee.result;
  if (!result) return null;
  return (
    <KitLine data-testid="result-line">
      {result.status === 'finisher' && result.netTime
        ? t('bookings.resultFinished', { time: result.netTime })
        : t('bookings.resultStatus', { status: result.status })}{' '}
      <Link to={`/result/${result.id}`}>{t('bookings.resultPage')}</Link>
      {result.status === 'finisher' && (
        <>
          {' · '}
          <CertificateLink resultId={result.id} name={attendee.name} />
        </>
      )}
    </KitLine>
  );
}

function CertificateLink({ resultId, name }: { resultId: number; name: string }) {
  const t = useBookingsT();
  return (
    <a href={useCertificateHref(resultId)} download aria-label={t('bookings.certificateOfNamed', { name })}>
      {t('bookings.certificate')}
    </a>
  );
}

/** Until when each open action is open, and a closed one's reason. */
function Deadlines({ attendee }: { attendee: MyAttendee }) {
  const t = useBookingsT();
  const formats = useFormats();
  const line = (action: SelfServiceAction, open: string, closed: string) =>
    action.open ? t(open, { date: formats.dateTime(action.until) }) : action.reason === 'closed' ? t(closed) : null;
  const lines = [
    line(attendee.changeDetails, 'bookings.changeUntil', 'bookings.changeClosed'),
    line(attendee.transfer, 'bookings.transferUntil', 'bookings.transferClosed'),
    line(attendee.cancel, 'bookings.cancelUntil', 'bookings.cancelClosed'),
  ].filter(Boolean);
  if (lines.length === 0) return null;
  return <small>{lines.join(' · ')}</small>;
}

const Credits = styled.ul`
  margin: 0;
  padding: ${({ theme }) => theme.space.md};
  list-style: none;
  border-radius: ${({ theme }) => theme.radii.md};
  background: ${({ theme }) => theme.tones.green.bg};
  color: ${({ theme }) => theme.tones.green.fg};
`;

const Head = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: flex-start;
  justify-content: space-between;
  gap: ${({ theme }) => theme.space.md};

  p {
    margin: ${({ theme }) => theme.space.xs} 0 0;
    color: ${({ theme }) => theme.colors.textMuted};
    overflow-wrap: anywhere;
  }
`;

const Card = styled.section`
  display: grid;
  gap: ${({ theme }) => theme.space.md};
  min-width: 0;
  padding: ${({ theme }) => theme.space.md};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radii.lg};
  background: ${({ theme }) => theme.colors.surface};

  @media (min-width: ${({ theme }) => theme.breakpoints.tablet}px) {
    padding: ${({ theme }) => theme.space.lg};
  }

  h2 {
    margin: 0;
    font-size: ${({ theme }) => theme.fontSizes.xl};
    overflow-wrap: anywhere;
  }
`;

const Payment = styled.ul`
  list-style: none;
  margin: 0;
  padding: 0;
  max-width: 360px;

  li {
    display: flex;
    justify-content: space-between;
    gap: ${({ theme }) => theme.space.md};
  }
`;

const Facts = styled.dl`
  display: grid;
  grid-template-columns: repeat(auto-fit, minmax(180px, 1fr));
  gap: ${({ theme }) => theme.space.sm} ${({ theme }) => theme.space.lg};
  margin: 0;

  dt {
    color: ${({ theme }) => theme.colors.textMuted};
    font-size: ${({ theme }) => theme.fontSizes.sm};
  }
  dd {
    margin: 0;
    font-weight: ${({ theme }) => theme.fontWeights.semibold};
    overflow-wrap: anywhere;
  }
`;

const Documents = styled.ul`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space.sm} ${({ theme }) => theme.space.lg};
  margin: 0;
  padding: 0;
  list-style: none;
  font-size: ${({ theme }) => theme.fontSizes.sm};

  a {
    display: inline-flex;
    align-items: center;
    min-height: 24px;
    color: ${({ theme }) => theme.colors.secondary};
  }
`;

const Policy = styled.p`
  margin: 0;
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: ${({ theme }) => theme.fontSizes.sm};
`;

const Attendees = styled.ul`
  display: grid;
  gap: ${({ theme }) => theme.space.sm};
  margin: 0;
  padding: 0;
  list-style: none;

  li {
    display: grid;
    gap: ${({ theme }) => theme.space.xs};
    min-width: 0;
    padding: ${({ theme }) => theme.space.sm} ${({ theme }) => theme.space.md};
    border-radius: ${({ theme }) => theme.radii.md};
    background: ${({ theme }) => theme.colors.surfaceMuted};
    overflow-wrap: anywhere;
  }
  small {
    color: ${({ theme }) => theme.colors.textMuted};
  }
`;

const Status = styled.span`
  color: ${({ theme }) => theme.tones.red.fg};
  font-weight: ${({ theme }) => theme.fontWeights.semibold};
`;

const KitLine = styled.span`
  color: ${({ theme }) => theme.tones.green.fg};
  font-weight: ${({ theme }) => theme.fontWeights.medium};
`;

const Actions = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space.sm};
`;
