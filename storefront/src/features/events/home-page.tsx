import { useEffect } from 'react';
import { Link } from '@tdk/shared-ui/router';
import { EVENTS_PAGE_SIZE, HOME_POPULAR_COUNT, listPageSize } from '@tdk/api/contract';
import styled from 'styled-components';
import { ArrowRightIcon, Button } from '@tdk/shared-ui';
import { CategoryBar } from './category-bar';
import { EventGrid } from './event-grid';
import { LoadMoreEvents } from './load-more';
import { ALL_CITIES } from '../city/cities';
import { categoryLabel, cityPhrase } from '../i18n';
import { usePageT } from '../page-messages/i18n';
import { useCityChoice } from '../city/use-selected-city';
import { isAllCategory } from './filters';
import { Hero } from './hero';
import { NoEventsOffers } from './no-events-offers';
import { PageSection, SectionHead } from './section';
import { useEventList } from './use-event-list';
import { useFilterParams } from './use-filter-params';

/** Two rows of the grid on a laptop; the first page the home page asks for. */
export const POPULAR_COUNT = HOME_POPULAR_COUNT;

/**
 * Home (/): hero with search, the category bar and Popular Events with View All: the upcoming
 * events of the chosen city (and Online), as All Events shows them.
 */
export function HomePage() {
  const t = usePageT();
  const { search, category, update } = useFilterParams();
  const { city, choose } = useCityChoice();
  const filters = { q: search, category, city };
  // Popular Events is the first page of POPULAR_COUNT; search results are the whole list, a page
  // of the grid at a time with Load more, as on All Events.
  const list = useEventList(filters, listPageSize('home', filters));
  const where = cityPhrase(t, city);
  // The bundled samples (API down or empty) are not paged.
  const shown = search ? list.events : list.events.slice(0, POPULAR_COUNT);
  const title = search ? t('list.searchResults', { search }) : t('home.popular');

  function onSearch(term: string) {
    update({ search: term || null });
  }

  // A search, from the hero, the header or a shared link, shows its results where the eye is.
  useEffect(() => {
    if (search) document.getElementById('events-title')?.scrollIntoView?.({ behavior: 'smooth', block: 'start' });
  }, [search]);

  return (
    <>
      <Hero search={search} onSearch={onSearch} />
      <PageSection aria-labelledby="events-title">
        <SectionHead>
          <div>
            <h2 id="events-title">{title}</h2>
            <p>
              {search
                ? t('home.searchLead', { where, search })
                : isAllCategory(category)
                  ? t('home.soonLead', { where })
                  : t('home.categoryLead', { category: categoryLabel(t, category), where })}
            </p>
          </div>
          {search && (
            <Button variant="outline" onClick={() => update({ search: null })}>
              {t('list.clearSearch')}
            </Button>
          )}
        </SectionHead>
        <CategoryBar value={category} onChange={(next) => update({ category: isAllCategory(next) ? null : next })} />
        <EventGrid
          events={shown}
          loading={list.loading}
          skeletons={search ? EVENTS_PAGE_SIZE : POPULAR_COUNT}
          failed={list.failed}
          emptyMessage={search ? t('home.noMatch', { where, search }) : t('home.noEvents', { where })}
          emptyAction={
            <NoEventsOffers
              onAllCities={city ? () => choose(ALL_CITIES) : undefined}
              onAllSports={isAllCategory(category) ? undefined : () => update({ category: null })}
            />
          }
        />
        {search && <LoadMoreEvents key={JSON.stringify(filters)} list={list} />}
        {!search && (
          <ViewAll>
            <Button as={Link} to="/events" variant="outline" size="lg" rightIcon={<ArrowRightIcon size={18} />}>
              {t('home.viewAll')}
            </Button>
          </ViewAll>
        )}
      </PageSection>
    </>
  );
}

const ViewAll = styled.div`
  display: flex;
  justify-content: center;
  margin-top: ${({ theme }) => theme.space.xxl};
`;
