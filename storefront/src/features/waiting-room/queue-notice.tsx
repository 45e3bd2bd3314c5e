import styled from 'styled-components';
import { Button, useFormats } from '@tdk/shared-ui';
import { useNavigate } from '@tdk/shared-ui/router';
import type { QueueStatusResponse } from '@tdk/api/contract';
import { useStorefrontT } from '../i18n';
import { useJoinQueue } from './queries';

/**
 * The event page's word on a queued sale (decision 032): when it opens and "Join the queue" (which
 * opens the waiting page), or the way back to one's place. Nothing once it is this browser's turn.
 */
export function QueueNotice({ eventId, status }: { eventId: number; status: QueueStatusResponse }) {
  const t = useStorefrontT();
  const formats = useFormats();
  const navigate = useNavigate();
  const join = useJoinQueue(eventId);
  if (status.state === 'off' || status.entryToken) return null;
  if (status.state === 'closed') return null;
  const joined = status.place !== 'none';
  const open = () => navigate(`/event/${eventId}/queue`);
  return (
    <Notice role="status" data-testid="queue-notice">
      <span>
        {status.state === 'before' && status.onSaleAt
          ? t('queue.noticeBefore', { when: formats.dateTime(status.onSaleAt) })
          : t('queue.notice')}
      </span>
      {joined ? (
        <Button size="sm" onClick={open}>
          {t('queue.yourPlace')}
        </Button>
      ) : (
        <Button
          size="sm"
          disabled={join.isPending}
          onClick={() => join.mutate(undefined, { onSettled: open })}
          data-testid="queue-notice-join"
        >
          {t('queue.join')}
        </Button>
      )}
    </Notice>
  );
}

const Notice = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  justify-content: space-between;
  gap: ${({ theme }) => theme.space.sm};
  margin: 0 0 ${({ theme }) => theme.space.md};
  padding: ${({ theme }) => theme.space.md};
  border-radius: ${({ theme }) => theme.radii.md};
  background: ${({ theme }) => theme.tones.yellow.bg};
  color: ${({ theme }) => theme.tones.yellow.fg};
  font-weight: ${({ theme }) => theme.fontWeights.semibold};
`;
