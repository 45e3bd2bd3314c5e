import { useId } from 'react';
import styled from 'styled-components';
import { EVENTS_PAGE_SIZE, type SportEvent } from '@tdk/api/contract';
import { Button, Select, Options, VisuallyHidden } from '@tdk/shared-ui';
import { Link } from '@tdk/shared-ui/router';
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
 * list may be one organiser's (?organiser=slug, decision 054), said above it with a way back to all. The
 * list comes a page at a time (EVENTS_PAGE_SIZE, whole rows of the grid) with Load more under it.
 */
export function AllEventsPage() {
  const t = usePageT();
  const { search, category, organiser, update } = useFilterParams();
  const { city, choose } = useCityChoice();
  const selectId = useId();
  const filters = { category, city, q: search, organiser };
  const list = useEventList(filters);

  const where = cityPhrase(t, city);
  const what = isAllCategory(category) ? t('events.what') : t('events.whatCategory', { category: categoryLabel(t, category) });

  return (
    <PageSection aria-labelledby="events-title">
      <SectionHead>
        <div>
          <h1 id="events-title">{search ? t('list.searchResults', { search }) : t('nav.allEvents')}</h1>
          <p data-testid="events-subtitle">{t('events.subtitle', { what, where })}</p>
          {organiser && (
            <OrganiserFilter>
              <span>
                {t('events.byOrganiser')} <Link to={`/o/${organiser}`}>{organiserName(list.events, organiser)}</Link>
              </span>
              <Button variant="ghost" size="sm" onClick={() => update({ organiser: null })}>
                {t('events.showAllOrganisers')}
              </Button>
            </OrganiserFilter>
          )}
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
            onAllOrganisers={organiser ? () => update({ organiser: null }) : undefined}
          />
        }
      />
      {/* Other filters are another list, read again from its first page. */}
      <LoadMoreEvents key={JSON.stringify(filters)} list={list} />
    </PageSection>
  );
}

/** The organiser's name as its events give it; its slug until they come (or when it has none listed). */
const organiserName = (events: SportEvent[], slug: string) =>
  events.find((event) => event.organiser.slug === slug.toLowerCase())?.organiser.displayName ?? slug;

const OrganiserFilter = styled.p`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: ${({ theme }) => theme.space.sm};
  margin-top: ${({ theme }) => theme.space.xs};
`;

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
