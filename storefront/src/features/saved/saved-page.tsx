import { Link } from '@tdk/shared-ui/router';
import { Button, VisuallyHidden, isApiError } from '@tdk/shared-ui';
import type { SportEvent } from '@tdk/api/contract';
import { usePageT } from '../page-messages/i18n';
import { EventGrid } from '../events/event-grid';
import { usePublicEventsById } from '../events/queries';
import { PageSection, SectionHead } from '../events/section';
import { useLikedEventIds } from '../shared/use-liked-events';

/**
 * Saved (/saved): the events whose heart was tapped in this browser, most recently saved first.
 * A card's heart takes it off the list at once; an event no longer listed (deleted, or back to
 * draft) is left out, with a line saying so.
 */
export function SavedPage() {
  const t = usePageT();
  const ids = [...useLikedEventIds()].reverse();
  const answers = usePublicEventsById(ids);
  const events = answers.flatMap((answer) => (answer.data ? [answer.data.event as SportEvent] : []));
  const gone = answers.some((answer) => isApiError(answer.error) && (answer.error.status === 404 || answer.error.status === 400));
  const failed = answers.some((answer) => answer.isError && !(isApiError(answer.error) && answer.error.status < 500));
  const loading = answers.some((answer) => answer.isPending);

  return (
    <PageSection aria-labelledby="saved-title">
      <SectionHead>
        <div>
          <h1 id="saved-title">{t('saved.title')}</h1>
          {ids.length > 0 && <p>{t('saved.subtitle', { count: ids.length })}</p>}
        </div>
      </SectionHead>
      <VisuallyHidden as="h2">{t('saved.title')}</VisuallyHidden>
      <EventGrid
        events={events}
        loading={loading && events.length === 0}
        skeletons={Math.min(Math.max(ids.length, 1), 6)}
        loadingLabel={t('saved.loading')}
        failed={failed}
        emptyTitle={t('saved.emptyTitle')}
        emptyMessage={t('saved.empty')}
        emptyAction={
          <Button as={Link} to="/events">
            {t('saved.browse')}
          </Button>
        }
      />
      {gone && <p role="status">{t('saved.gone')}</p>}
    </PageSection>
  );
}
