import type { ReactNode } from 'react';
import styled from 'styled-components';
import type { SportEvent } from '@tdk/api/contract';
import { EmptyState, Skeleton } from '@tdk/shared-ui';
import { EventCard } from './event-card';
import { usePageT } from '../page-messages/i18n';

/** Cards whose picture is fetched at once: the first row on a laptop. The rest are lazy. */
const EAGER_CARDS = 4;

export interface EventGridProps {
  events: SportEvent[];
  loading: boolean;
  failed: boolean;
  emptyTitle?: string;
  emptyMessage?: ReactNode;
  /** Shown under an empty list's message: the ways to widen it. */
  emptyAction?: ReactNode;
  /** Label for the loading region, announced to screen readers. */
  loadingLabel?: string;
  /** Skeleton cards while loading: the page the list asks for, so the cards take their place. */
  skeletons?: number;
}

/** Cards in a responsive grid, skeleton cards while loading, and the list's error of SPEC.md section 8. */
export function EventGrid({
  events,
  loading,
  failed,
  emptyTitle,
  emptyMessage,
  emptyAction,
  loadingLabel,
  skeletons = 6,
}: EventGridProps) {
  const t = usePageT();
  return (
    <>
      {failed && (
        <LoadError role="alert" data-testid="events-error">
          {t('events.failed')}
        </LoadError>
      )}
      {loading ? (
        <Grid aria-busy="true" aria-label={loadingLabel ?? t('events.loading')} role="status">
          {Array.from({ length: skeletons }, (_, i) => (
            <SkeletonCard key={i}>
              <Skeleton height="auto" radius="0" className="art" />
              <div>
                <Skeleton width="40%" height={14} />
                <Skeleton width="85%" height={20} />
                <Skeleton width="60%" height={14} />
                <Skeleton width="70%" height={14} />
                <Skeleton height={40} radius="10px" />
              </div>
            </SkeletonCard>
          ))}
        </Grid>
      ) : events.length === 0 ? (
        <EmptyState title={emptyTitle ?? t('events.noneFound')} message={emptyMessage} action={emptyAction} />
      ) : (
        <Grid data-testid="event-grid">
          {events.map((event, index) => (
            <EventCard key={event.id} event={event} eager={index < EAGER_CARDS} />
          ))}
        </Grid>
      )}
    </>
  );
}

export const Grid = styled.div`
  display: grid;
  grid-template-columns: repeat(auto-fill, minmax(min(100%, 270px), 1fr));
  gap: ${({ theme }) => theme.space.xl};
`;

const SkeletonCard = styled.div`
  overflow: hidden;
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radii.lg};
  background: ${({ theme }) => theme.colors.surface};

  .art {
    aspect-ratio: 16 / 9;
  }
  & > div {
    display: grid;
    gap: 10px;
    padding: ${({ theme }) => theme.space.lg};
  }
`;

const LoadError = styled.p`
  margin: 0 0 ${({ theme }) => theme.space.lg};
  padding: ${({ theme }) => `${theme.space.sm} ${theme.space.md}`};
  border: 1px solid ${({ theme }) => theme.tones.red.border};
  border-radius: ${({ theme }) => theme.radii.md};
  background: ${({ theme }) => theme.tones.red.bg};
  color: ${({ theme }) => theme.colors.dangerHover};
  font-weight: ${({ theme }) => theme.fontWeights.semibold};
`;
