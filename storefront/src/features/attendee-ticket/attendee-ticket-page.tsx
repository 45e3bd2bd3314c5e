import { useEffect, useRef } from 'react';
import { Link, useParams, useSearchParams } from '@tdk/shared-ui/router';
import styled from 'styled-components';
import { Button, CalendarIcon, DownloadIcon, EmptyState, ShareIcon, Skeleton, isApiError, useLanguage } from '@tdk/shared-ui';
import { EventTicket, useTicketActions } from '@tdk/shared-ui/ticket';
import { calendarLink, useAttendeeTicket } from './queries';
import { useStorefrontT } from '../i18n';

/**
 * /ticket/:registrationNumber?t=token: the attendee's own ticket, opened from the confirmation
 * e-mail or right after paying. A wrong or missing token shows only that the link is not valid.
 */
export function AttendeeTicketPage() {
  const t = useStorefrontT();
  const { language } = useLanguage();
  const { registrationNumber = '' } = useParams();
  const [params] = useSearchParams();
  const token = params.get('t') ?? undefined;
  const ticket = useAttendeeTicket(registrationNumber, token);
  const ticketRef = useRef<HTMLDivElement>(null);
  const answer = ticket.data;
  const registration = answer?.ticket ?? null;
  const { download, downloading, share } = useTicketActions(registration, ticket.data?.platformName ?? '');

  useEffect(() => {
    if (registration)
      document.title = t('ticketPage.documentTitle', {
        number: registration.registrationNumber,
        platformName: ticket.data?.platformName,
      });
  }, [registration, ticket.data?.platformName, t]);

  if (token && ticket.isPending) {
    return (
      <Page role="status" aria-busy="true" aria-label={t('ticketPage.loading')}>
        <Skeleton height={40} width="50%" />
        <Skeleton height={520} radius="14px" />
      </Page>
    );
  }
  if (!answer || !registration || !token) {
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

  return (
    <Page>
      <Head>
        <div>
          <h1>{t('ticketPage.title')}</h1>
          <p>{t('ticketPage.lead')}</p>
        </div>
        <Actions>
          <Button leftIcon={<DownloadIcon size={18} />} loading={downloading} onClick={() => void download(ticketRef.current)}>
            {t('ticketPage.download')}
          </Button>
          <Button
            as="a"
            href={calendarLink(registration.registrationNumber, token, language)}
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
