import { useEffect, useRef, useState } from 'react';
import styled from 'styled-components';
import { Button, SpinnerRing, VisuallyHidden } from '@tdk/shared-ui';
import type { EventListState } from './use-event-list';
import { usePageT } from '../page-messages/i18n';

/**
 * "Load more events" under a list's grid: appends the next page, busy while it comes. The new
 * cards appear below the ones already read; focus moves to the first new card's title link, so a
 * keyboard or screen-reader user goes on reading where the list grew, and the count of new events
 * is announced. The button goes once the list has no next page.
 */
export function LoadMoreEvents({ list }: { list: EventListState }) {
  const t = usePageT();
  // The index of the first card of the page asked for, once it has come, until it is focused.
  const [focusFrom, setFocusFrom] = useState<number | null>(null);
  const [announcement, setAnnouncement] = useState('');
  const button = useRef<HTMLButtonElement>(null);
  const { events, loadingMore, loadMoreFailed } = list;

  useEffect(() => {
    if (focusFrom === null) return;
    const first = events[focusFrom];
    if (!first) return;
    setFocusFrom(null);
    const added = events.length - focusFrom;
    setAnnouncement(t('events.moreLoaded', { count: added }));
    document.getElementById(`event-${first.id}-title`)?.querySelector('a')?.focus();
  }, [events, focusFrom, t]);

  async function loadMore() {
    if (loadingMore) return;
    const from = events.length;
    setAnnouncement('');
    const { failed } = await list.loadMore();
    if (failed) button.current?.focus();
    else setFocusFrom(from);
  }

  return (
    <>
      {(list.hasMore || loadingMore) && (
        <Row>
          {loadMoreFailed && (
            <p role="alert" data-testid="load-more-error">
              {t('events.loadMoreFailed')}
            </p>
          )}
          <Button
            ref={button}
            variant="outline"
            size="lg"
            aria-busy={loadingMore || undefined}
            aria-disabled={loadingMore || undefined}
            leftIcon={loadingMore ? <SpinnerRing size={16} /> : undefined}
            onClick={() => void loadMore()}
          >
            {loadingMore ? t('events.loadingMore') : t('events.loadMore')}
          </Button>
        </Row>
      )}
      {/* Always in the page, so the announcement of the last page is heard as the button goes. */}
      <VisuallyHidden role="status">{announcement}</VisuallyHidden>
    </>
  );
}

const Row = styled.div`
  display: flex;
  flex-direction: column;
  align-items: center;
  gap: ${({ theme }) => theme.space.sm};
  margin-top: ${({ theme }) => theme.space.xxl};

  /* The same width busy or not, so the button does not move under the pointer. */
  button {
    min-width: 18rem;
  }
  p {
    margin: 0;
    color: ${({ theme }) => theme.colors.dangerHover};
    font-weight: ${({ theme }) => theme.fontWeights.semibold};
  }
`;
