import { useEffect, useRef, useState } from 'react';
import { Link, useLocation, useNavigate, useParams } from '@tdk/shared-ui/router';
import styled from 'styled-components';
import { eventNotesFor, type Registration } from '@tdk/api/contract';
import {
  Button,
  CalendarIcon,
  DownloadIcon,
  EmptyState,
  ShareIcon,
  Skeleton,
  isApiError,
  useCommonT,
  useFormats,
  useLanguage,
} from '@tdk/shared-ui';
import { AttendeeTicketCard, ticketFieldStyles, useTicketActions } from '@tdk/shared-ui/ticket';
import { calendarPath, downloadCalendar, linkFileNumber, tokenOfLink, useAttendeeTicket } from './queries';
import { useBookingsT } from '../my-bookings/i18n';
import { bookedMessageKeys, bookedOf } from './booked';

const NO_TICKETS: readonly Registration[] = [];

/**
 * /ticket/:number?t=token, opened from the confirmation e-mail or right after paying (decision
 * 021): an order's link (its booking reference) shows every attendee's ticket, an attendee's own
 * link (their ticket number) only theirs. A wrong or missing token shows only that the link is not
 * valid.
 */
export function AttendeeTicketPage() {
  const t = useBookingsT();
  const common = useCommonT();
  const formats = useFormats();
  const { language } = useLanguage();
  const { registrationNumber: number = '' } = useParams();
  const location = useLocation();
  const navigate = useNavigate();
  // The fragment never reaches the server, which draws this page without it: the token is read
  // from it once the page has hydrated, so that the first render matches the drawn page (a
  // skeleton), and a reload of `#t=` links hydrates cleanly.
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  const { token, fromQuery } = tokenOfLink(hydrated ? location.hash : '', location.search);
  // A link mailed before decision 043 (?t=): the token moves to the fragment, out of every later request.
  useEffect(() => {
    if (!fromQuery || !token) return;
    const query = new URLSearchParams(location.search);
    query.delete('t');
    const search = query.toString();
    navigate(
      { pathname: location.pathname, search: search ? `?${search}` : '', hash: `t=${token}` },
      { replace: true, state: location.state },
    );
  }, [fromQuery, token, location.pathname, location.search, location.state, navigate]);
  const ticket = useAttendeeTicket(number, token);
  // Opened by the checkout right after booking: the page starts at its top and says so.
  const booked = bookedOf(location.state);
  const bookedHeading = useRef<HTMLHeadingElement>(null);
  const answer = ticket.data;
  const tickets = answer?.tickets ?? NO_TICKETS;
  const first = tickets[0];
  const { download, downloading, share } = useTicketActions(tickets, answer?.platformName ?? '', {
    fileNumber: answer ? linkFileNumber(number, answer) : undefined,
  });

  useEffect(() => {
    if (answer) document.title = t('ticketPage.documentTitle', { number, platformName: answer.platformName });
  }, [answer, number, t]);

  const shown = Boolean(answer);
  useEffect(() => {
    if (!booked || !shown) return;
    window.scrollTo({ top: 0 });
    bookedHeading.current?.focus();
  }, [booked, shown]);

  if (!hydrated || (token && ticket.isPending)) {
    return (
      <Page role="status" aria-busy="true" aria-label={t('ticketPage.loading')}>
        <Skeleton height={40} width="50%" />
        <Skeleton height={520} radius="14px" />
      </Page>
    );
  }
  if (!answer || !first || !token) {
    const invalid = !token || (isApiError(ticket.error) && ticket.error.status === 404);
    return (
      <Page>
        <h1>{invalid ? t('ticketPage.invalid') : t('ticketPage.loadFailed')}</h1>
        <EmptyState
          icon={null}
          title={invalid ? t('ticketPage.invalidHelp') : t('tryAgainSoon')}
          action={
            invalid ? (
              <Button as={Link} to="/">
                {t('backHome')}
              </Button>
            ) : (
              <Button onClick={() => void ticket.refetch()}>{t('pay.tryAgain')}</Button>
            )
          }
        />
      </Page>
    );
  }

  const words = booked && bookedMessageKeys(booked);
  return (
    <Page>
      {booked && words && (
        <Booked role="status" data-testid="booked">
          <h2 ref={bookedHeading} tabIndex={-1}>
            {t(words.title)}
          </h2>
          <p>
            {t(words.done, { amount: formats.rupees(booked.amount), reference: answer.bookingReference })}{' '}
            {t(words.next, { email: booked.email })}
          </p>
        </Booked>
      )}
      <Head>
        <div>
          <h1>{t('ticketPage.title', { count: tickets.length })}</h1>
          <p>{tickets.length > 1 ? t('ticketPage.leadMany') : t('ticketPage.lead')}</p>
        </div>
        <Actions>
          <Button leftIcon={<DownloadIcon size={18} />} loading={downloading} onClick={() => void download()}>
            {t('ticketPage.download')}
          </Button>
          <Button
            as="a"
            href={calendarPath(number, language)}
            onClick={(e: { preventDefault: () => void }) => {
              e.preventDefault();
              void downloadCalendar(number, token, language);
            }}
            variant="outline"
            leftIcon={<CalendarIcon size={18} />}
          >
            {t('ticketPage.calendar')}
          </Button>
          <Button variant="outline" leftIcon={<ShareIcon size={18} />} onClick={() => void share()}>
            {t('actions.share')}
          </Button>
        </Actions>
      </Head>
      <Event aria-labelledby="ticket-event">
        <Brand>
          <span>{answer.platformName}</span>
          <span>{common('ticket.heading')}</span>
        </Brand>
        <h2 id="ticket-event">{first.eventName}</h2>
        <Facts>
          <div>
            <dt>{common('ticket.date')}</dt>
            <dd>{formats.weekdayDate(first.eventDate)}</dd>
          </div>
          <div>
            <dt>{common('ticket.time')}</dt>
            <dd>{formats.time(first.eventTime)}</dd>
          </div>
          <div className="wide">
            <dt>{common('ticket.venue')}</dt>
            <dd>{first.eventVenue}</dd>
          </div>
          <div className="wide">
            <dt>{common('ticket.bookingReference')}</dt>
            <dd className="mono" data-testid="booking-reference">
              {answer.bookingReference}
            </dd>
          </div>
        </Facts>
      </Event>
      <Cards>
        {tickets.map((registration) => (
          <AttendeeTicketCard key={registration.registrationNumber} registration={registration} />
        ))}
      </Cards>
      <Important>
        <h2>{common('ticket.importantHeading')}</h2>
        <ul>
          {eventNotesFor(answer.notes, language).map((note) => (
            <li key={note}>{note}</li>
          ))}
          <li>{common('ticket.presentTicket')}</li>
          <li>{common('ticket.nonTransferable')}</li>
          <li>{common('ticket.help', { email: answer.supportEmail })}</li>
          <li>
            <Link to="/bookings">{t('ticketPage.myBookings')}</Link>
          </li>
        </ul>
      </Important>
    </Page>
  );
}

// The success line after booking: the success tone, above everything else on the page.
const Booked = styled.div`
  padding: ${({ theme }) => theme.space.lg};
  border: 1px solid ${({ theme }) => theme.tones.green.border};
  border-radius: ${({ theme }) => theme.radii.lg};
  background: ${({ theme }) => theme.tones.green.bg};
  color: ${({ theme }) => theme.tones.green.fg};

  h2 {
    margin: 0 0 ${({ theme }) => theme.space.xs};
    font-size: ${({ theme }) => theme.fontSizes.xl};
    outline: none;
  }
  p {
    margin: 0;
  }
`;

const Page = styled.section`
  max-width: 860px;
  margin: 0 auto;
  padding: ${({ theme }) => theme.space.xxl} clamp(12px, 4vw, 32px);
  display: grid;
  gap: ${({ theme }) => theme.space.xl};

  h1 {
    margin: 0;
    font-size: clamp(1.6rem, 4vw, 2.2rem);
  }
`;

const Head = styled.header`
  display: flex;
  flex-wrap: wrap;
  justify-content: space-between;
  align-items: flex-end;
  gap: ${({ theme }) => theme.space.md};

  p {
    margin: 4px 0 0;
    color: ${({ theme }) => theme.colors.textMuted};
  }
`;

const Actions = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space.sm};
`;

const Event = styled.section`
  display: grid;
  gap: ${({ theme }) => theme.space.sm};
  padding: ${({ theme }) => theme.space.lg};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radii.lg};
  background: ${({ theme }) => theme.colors.surface};

  h2 {
    margin: 0;
    font-size: ${({ theme }) => theme.fontSizes.xl};
  }
`;

const Brand = styled.p`
  margin: 0;
  display: flex;
  flex-wrap: wrap;
  justify-content: space-between;
  gap: ${({ theme }) => theme.space.sm};
  color: ${({ theme }) => theme.colors.primaryText};
  font-weight: ${({ theme }) => theme.fontWeights.black};

  span + span {
    color: ${({ theme }) => theme.colors.textMuted};
    font-size: ${({ theme }) => theme.fontSizes.xs};
    letter-spacing: 0.08em;
  }
`;

const Facts = styled.dl`
  margin: 0;
  display: grid;
  grid-template-columns: repeat(2, minmax(0, 1fr));
  gap: ${({ theme }) => theme.space.md};

  .wide {
    grid-column: 1 / -1;
  }
  ${ticketFieldStyles}
`;

const Cards = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.space.lg};
`;

const Important = styled.section`
  font-size: ${({ theme }) => theme.fontSizes.sm};

  h2 {
    margin: 0 0 ${({ theme }) => theme.space.sm};
    font-size: ${({ theme }) => theme.fontSizes.md};
  }
  ul {
    margin: 0;
    padding-left: 1.2em;
    display: grid;
    gap: 4px;
  }
`;
