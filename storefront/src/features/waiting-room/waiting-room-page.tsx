import { useEffect, useState } from 'react';
import { Link, useNavigate, useParams } from '@tdk/shared-ui/router';
import styled from 'styled-components';
import { Button, isApiError, useConfig, useFormats } from '@tdk/shared-ui';
import { usePublicEvent } from '../events/queries';
import { usePageT } from '../page-messages/i18n';
import { useJoinQueue, useQueueStatus } from './queries';
import { countdownParts, queueStage, type QueueStage } from './queue-view';

/**
 * /event/:id/queue (decision 032): the waiting page of a queued sale. A countdown before the
 * on-sale; then the place in line, the people ahead, the estimated wait and the seats left, updating
 * by itself (polling with jitter) and announced politely to screen readers; then the turn to book,
 * or sold out with the waiting list. Light on purpose: a phone on a slow network keeps it open.
 */
export function WaitingRoomPage() {
  const t = usePageT();
  const config = useConfig();
  const formats = useFormats();
  const { id = '' } = useParams();
  const eventId = Number(id);
  const status = useQueueStatus(Number.isInteger(eventId) && eventId > 0 ? eventId : undefined, { poll: true });
  const join = useJoinQueue(eventId);
  // The page names its event: a visitor arriving from a link (or a shared screenshot) sees which sale
  // this line is for.
  const event = usePublicEvent(id).data?.event;
  const eventTitle = event?.title;
  const navigate = useNavigate();
  const stage = queueStage(status.data);

  useEffect(() => {
    document.title = eventTitle
      ? t('queue.documentTitleFor', { title: eventTitle, platformName: config.platformName })
      : t('queue.documentTitle', { platformName: config.platformName });
  }, [config.platformName, eventTitle, t]);
  const heading = <h1>{eventTitle ? t('queue.titleFor', { title: eventTitle }) : t('queue.title')}</h1>;

  if (status.isPending) {
    return <Page role="status" aria-busy="true" aria-label={t('queue.loading')} />;
  }
  if (status.isError || stage.kind === 'none') {
    const noRoom = isApiError(status.error) && status.error.status === 404;
    return (
      <Page>
        {heading}
        <p role="alert">{noRoom || stage.kind === 'none' ? t('queue.noQueue') : t('queue.loadFailed')}</p>
        <BackLink eventId={id} />
      </Page>
    );
  }
  const joinFailed = join.error && isApiError(join.error) ? join.error.message : join.error ? t('queue.joinFailed') : null;
  const joinButton = (
    <Button onClick={() => join.mutate()} disabled={join.isPending} data-testid="queue-join">
      {t('queue.join')}
    </Button>
  );
  const notJoined = status.data?.place === 'none';
  const inLine = stage.kind === 'countdown' || stage.kind === 'waiting' || stage.kind === 'opening' || stage.kind === 'join';

  return (
    <Page data-testid="waiting-room" data-stage={stage.kind}>
      {heading}
      {event && (
        <EventLine data-testid="queue-event">
          {t('queue.eventWhen', { date: formats.longDate(event.date), venue: event.venue })}
        </EventLine>
      )}
      {stage.kind === 'countdown' && <Countdown target={stage.onSaleAt} />}
      {/* What changes as the line moves: read out politely, never interrupting. */}
      <Live aria-live="polite" aria-atomic="true" data-testid="queue-live">
        <StageText stage={stage} />
      </Live>
      {stage.kind === 'turn' && (
        <div>
          <Button onClick={() => navigate(`/event/${id}?register=true`)} data-testid="queue-book">
            {t('queue.turnButton')}
          </Button>
        </div>
      )}
      {stage.kind === 'sold_out' && (
        <div>
          <Button variant="outline" onClick={() => navigate(`/event/${id}?tab=tickets`)} data-testid="queue-waiting-list">
            {t('queue.waitingList')}
          </Button>
        </div>
      )}
      {notJoined && inLine && joinButton}
      {joinFailed && <p role="alert">{joinFailed}</p>}
      {!notJoined && inLine && <Hint>{t('queue.keepOpen')}</Hint>}
      <BackLink eventId={id} />
    </Page>
  );
}

function StageText({ stage }: { stage: QueueStage }) {
  const t = usePageT();
  const formats = useFormats();
  switch (stage.kind) {
    case 'countdown':
      return (
        <>
          <p>{t('queue.onSaleAt', { when: formats.dateTime(stage.onSaleAt) })}</p>
          <p>{stage.joined ? t('queue.preQueueJoined') : t('queue.preQueue')}</p>
          <p>{t('queue.inQueue', { number: formats.number(stage.inLine) })}</p>
        </>
      );
    case 'opening':
      return <p>{t('queue.opening')}</p>;
    case 'join':
      return (
        <>
          <p data-testid="queue-join-hint">{t('queue.joinNow')}</p>
          <p>{t('queue.inQueue', { number: formats.number(stage.inLine) })}</p>
          {stage.paused && <p>{t('queue.paused')}</p>}
          <p>{t('queue.seatsLeft', { number: formats.number(stage.seatsLeft) })}</p>
        </>
      );
    case 'waiting':
      return (
        <>
          <Position data-testid="queue-position">{t('queue.position', { number: formats.number(stage.position) })}</Position>
          <p data-testid="queue-ahead">{t('queue.ahead', { number: formats.number(stage.ahead) })}</p>
          <p>
            {stage.paused || stage.minutes === null
              ? t('queue.paused')
              : t('queue.wait', { number: formats.number(stage.minutes) })}
          </p>
          <p>{t('queue.seatsLeft', { number: formats.number(stage.seatsLeft) })}</p>
        </>
      );
    case 'turn':
      return (
        <>
          <Position>{t('queue.turnTitle')}</Position>
          <p>{t('queue.turn', { time: formats.dateTime(stage.expiresAt) })}</p>
        </>
      );
    case 'expired':
      return <p>{t('queue.expired')}</p>;
    case 'bought':
      return <p>{t('queue.bought')}</p>;
    case 'sold_out':
      return <p data-testid="queue-sold-out">{stage.final ? t('queue.soldOut') : t('queue.soldOutNow')}</p>;
    default:
      return null;
  }
}

/** The time to the on-sale, ticking each second; not in the live region (it would talk every second). */
function Countdown({ target }: { target: string }) {
  const t = usePageT();
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, []);
  const parts = countdownParts(target, now);
  return (
    <Clock data-testid="queue-countdown">
      <span>{t('queue.countdownTitle')}</span>
      <strong>
        {t('queue.countdown', { days: parts.days, hours: parts.hours, minutes: parts.minutes, seconds: parts.seconds })}
      </strong>
    </Clock>
  );
}

function BackLink({ eventId }: { eventId: string }) {
  const t = usePageT();
  return <Link to={`/event/${eventId}`}>{t('queue.backToEvent')}</Link>;
}

const Page = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.space.md};
  width: 100%;
  max-width: 560px;
  min-height: 50vh;
  margin: 0 auto;
  padding: ${({ theme }) => theme.space.lg} ${({ theme }) => theme.space.md} ${({ theme }) => theme.space.xxl};

  h1 {
    margin: 0;
    font-size: ${({ theme }) => theme.fontSizes.xxl};
  }
  p {
    margin: 0;
  }
`;

const EventLine = styled.p`
  color: ${({ theme }) => theme.colors.textMuted};
`;

const Live = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.space.sm};
  padding: ${({ theme }) => theme.space.md};
  border-radius: ${({ theme }) => theme.radii.md};
  background: ${({ theme }) => theme.tones.green.bg};
  color: ${({ theme }) => theme.tones.green.fg};
`;

const Position = styled.p`
  font-size: ${({ theme }) => theme.fontSizes.xl};
  font-weight: ${({ theme }) => theme.fontWeights.semibold};
`;

const Clock = styled.p`
  display: grid;
  gap: ${({ theme }) => theme.space.xs};
  font-size: ${({ theme }) => theme.fontSizes.lg};
  font-variant-numeric: tabular-nums;
`;

const Hint = styled.p`
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: ${({ theme }) => theme.fontSizes.sm};
`;
