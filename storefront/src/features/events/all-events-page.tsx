import { useId } from 'react';
import styled from 'styled-components';
import { Select, Options } from '@tdk/shared-ui';
import { canonicalCity, CITY_OPTIONS } from '../city/cities';
import { useSelectedCity } from '../city/use-selected-city';
import { CategoryBar } from './category-bar';
import { EventGrid } from './event-grid';
import { isAllCategory, titleCase } from './filters';
import { PageSection, SectionHead } from './section';
import { useEventList } from './use-event-list';
import { useFilterParams } from './use-filter-params';

export const ALL_CITIES = 'all';

/**
 * All Events (/events): the category and city filters, kept in the URL (?category=&city=) so a
 * filtered list can be shared. A city in the URL wins over the remembered one; city=all shows
 * every city.
 */
export function AllEventsPage() {
  const { search, category, city: urlCity, update } = useFilterParams();
  const [rememberedCity, setRememberedCity] = useSelectedCity();
  const selectId = useId();
  const everyCity = urlCity.toLowerCase() === ALL_CITIES;
  const city = everyCity ? '' : (canonicalCity(urlCity) ?? (urlCity || rememberedCity));
  const list = useEventList({ category, city, q: search });

  function changeCity(value: string) {
    if (value !== ALL_CITIES) setRememberedCity(value);
    update({ city: value });
  }

  const where = city ? `in ${city}` : 'in every city';
  const what = isAllCategory(category) ? 'events' : `${titleCase(category)} events`;

  return (
    <PageSection aria-labelledby="events-title">
      <SectionHead>
        <div>
          <h1 id="events-title">{search ? `Search results for "${search}"` : 'All Events'}</h1>
          <p data-testid="events-subtitle">
            Showing {what} {where}
          </p>
        </div>
        <CityFilter>
          <label htmlFor={selectId}>City</label>
          <Select id={selectId} value={everyCity ? ALL_CITIES : city} onChange={(event) => changeCity(event.target.value)}>
            <option value={ALL_CITIES}>All cities</option>
            <Options values={CITY_OPTIONS} />
            {city && !CITY_OPTIONS.includes(city) && <option value={city}>{city}</option>}
          </Select>
        </CityFilter>
      </SectionHead>
      <CategoryBar value={category} onChange={(next) => update({ category: isAllCategory(next) ? null : next })} />
      <EventGrid
        events={list.events}
        loading={list.loading}
        failed={list.failed}
        emptyTitle="No events found"
        emptyMessage={`There are no ${what} ${where} yet. Try another category or city.`}
      />
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
