import { useEffect, useRef } from 'react';
import { Link, useParams, useSearchParams } from '@tdk/shared-ui/router';
import styled from 'styled-components';
import { INVALID_TICKET_LINK_MESSAGE } from '@tdk/api/contract';
import { Button, CalendarIcon, DownloadIcon, EmptyState, ShareIcon, Skeleton, isApiError } from '@tdk/shared-ui';
import { EventTicket, useTicketActions } from '@tdk/shared-ui/ticket';
import { calendarLink, useAttendeeTicket } from './queries';

/**
 * /ticket/:registrationNumber?t=token: the attendee's own ticket, opened from the confirmation
 * e-mail or right after paying. A wrong or missing token shows only that the link is not valid.
 */
export function AttendeeTicketPage() {
  const { registrationNumber = '' } = useParams();
  const [params] = useSearchParams();
  const token = params.get('t') ?? undefined;
  const ticket = useAttendeeTicket(registrationNumber, token);
  const ticketRef = useRef<HTMLDivElement>(null);
  const answer = ticket.data;
  const registration = answer?.ticket ?? null;
  const { download, downloading, share } = useTicketActions(registration, ticket.data?.platformName ?? '');

  useEffect(() => {
    if (registration) document.title = `Ticket ${registration.registrationNumber} · ${ticket.data?.platformName}`;
  }, [registration, ticket.data?.platformName]);

  if (token && ticket.isPending) {
    return (
      <Page role="status" aria-busy="true" aria-label="Loading your ticket">
        <Skeleton height={40} width="50%" />
        <Skeleton height={520} radius="14px" />
      </Page>
    );
  }
  if (!answer || !registration || !token) {
    const invalid = !token || (isApiError(ticket.error) && ticket.error.status === 404);
    return (
      <Page>
        <h1>{invalid ? INVALID_TICKET_LINK_MESSAGE : 'Your ticket could not be loaded'}</h1>
        <EmptyState
          icon={null}
          title={
            invalid
              ? 'Open the link from your confirmation e-mail again, or contact the organiser.'
              : 'Please try again in a moment.'
          }
          action={
            invalid ? (
              <Button as={Link} to="/">
                Back to Home
              </Button>
            ) : (
              <Button onClick={() => void ticket.refetch()}>Try Again</Button>
            )
          }
        />
      </Page>
    );
  }

  return (
    <Page>
      <Head>
        <div>
          <h1>Your ticket</h1>
          <p>Show it at the entrance on your phone, or print it.</p>
        </div>
        <Actions>
          <Button leftIcon={<DownloadIcon size={18} />} loading={downloading} onClick={() => void download(ticketRef.current)}>
            Download PDF
          </Button>
          <Button
            as="a"
            href={calendarLink(registration.registrationNumber, token)}
            variant="outline"
            leftIcon={<CalendarIcon size={18} />}
          >
            Add to calendar
          </Button>
          <Button variant="outline" leftIcon={<ShareIcon size={18} />} onClick={() => void share()}>
            Share
          </Button>
        </Actions>
      </Head>
      <EventTicket
        ref={ticketRef}
        registration={registration}
        platformName={answer.platformName}
        supportEmail={answer.supportEmail}
      />
    </Page>
  );
}

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
