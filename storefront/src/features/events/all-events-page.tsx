import { useId } from 'react';
import styled from 'styled-components';
import { EVENTS_PAGE_SIZE } from '@tdk/api/contract';
import { Select, Options, VisuallyHidden } from '@tdk/shared-ui';
import { ALL_CITIES, CITY_OPTIONS } from '../city/cities';
import { categoryLabel, cityLabel, cityPhrase } from '../i18n';
import { usePageT } from '../page-messages/i18n';
import { useCityChoice } from '../city/use-selected-city';
import { CategoryBar } from './category-bar';
import { EventGrid } from './event-grid';
import { LoadMoreEvents } from './load-more';
import { NoEventsOffers } from './no-events-offers';
import { isAllCategory } from './filters';
import { PageSection, SectionHead } from './section';
import { useEventList } from './use-event-list';
import { useFilterParams } from './use-filter-params';

/**
 * All Events (/events): the category and city filters, kept in the URL (?category=&city=) so a
 * filtered list can be shared. The city follows the one city rule (useCityChoice): the URL's,
 * else the remembered one; city=all shows every city, and Online events come with any city. The
 * list comes a page at a time (EVENTS_PAGE_SIZE, whole rows of the grid) with Load more under it.
 */
export function AllEventsPage() {
  const t = usePageT();
  const { search, category, update } = useFilterParams();
  const { city, choose } = useCityChoice();
  const selectId = useId();
  const filters = { category, city, q: search };
  const list = useEventList(filters);

  const where = cityPhrase(t, city);
  const what = isAllCategory(category) ? t('events.what') : t('events.whatCategory', { category: categoryLabel(t, category) });

  return (
    <PageSection aria-labelledby="events-title">
      <SectionHead>
        <div>
          <h1 id="events-title">{search ? t('list.searchResults', { search }) : t('nav.allEvents')}</h1>
          <p data-testid="events-subtitle">{t('events.subtitle', { what, where })}</p>
        </div>
        <CityFilter>
          <label htmlFor={selectId}>{t('events.city')}</label>
          <Select id={selectId} value={city || ALL_CITIES} onChange={(event) => choose(event.target.value)}>
            <option value={ALL_CITIES}>{t('city.all')}</option>
            <Options values={CITY_OPTIONS} label={(option) => cityLabel(t, option)} />
            {city && !CITY_OPTIONS.includes(city) && <option value={city}>{city}</option>}
          </Select>
        </CityFilter>
      </SectionHead>
      <CategoryBar value={category} onChange={(next) => update({ category: isAllCategory(next) ? null : next })} />
      {/* The cards' titles are level 3, under this list's heading, as on home. */}
      <VisuallyHidden as="h2">{t('events.upcoming')}</VisuallyHidden>
      <EventGrid
        events={list.events}
        loading={list.loading}
        skeletons={EVENTS_PAGE_SIZE}
        failed={list.failed}
        emptyTitle={t('events.noneFound')}
        emptyMessage={t('events.noneYet', { what, where })}
        emptyAction={
          <NoEventsOffers
            onAllCities={city ? () => choose(ALL_CITIES) : undefined}
            onAllSports={isAllCategory(category) ? undefined : () => update({ category: null })}
            onClearSearch={search ? () => update({ search: null }) : undefined}
          />
        }
      />
      {/* Other filters are another list, read again from its first page. */}
      <LoadMoreEvents key={JSON.stringify(filters)} list={list} />
    </PageSection>
  );
}

const CityFilter = styled.div`
  display: flex;
  align-items: center;
  gap: ${({ theme }) => theme.space.sm};

  label {
    font-weight: ${({ theme }) => theme.fontWeights.semibold};
  }
  select {
    min-width: 170px;
  }
`;
