import { Link } from 'react-router-dom';
import styled from 'styled-components';
import { ArrowRightIcon, Button } from '@tdk/shared-ui';
import { CategoryBar } from './category-bar';
import { EventGrid } from './event-grid';
import { isAllCategory, titleCase } from './filters';
import { Hero } from './hero';
import { PageSection, SectionHead } from './section';
import { useEventList } from './use-event-list';
import { useFilterParams } from './use-filter-params';

const POPULAR_COUNT = 8;

/** Home (/): hero with search, the category bar and Popular Events (all cities) with View All. */
export function HomePage() {
  const { search, category, update } = useFilterParams();
  const list = useEventList({ q: search, category });
  const shown = search ? list.events : list.events.slice(0, POPULAR_COUNT);
  const title = search ? `Search results for "${search}"` : 'Popular Events';

  function onSearch(term: string) {
    update({ search: term || null });
    document.getElementById('events-title')?.scrollIntoView({ behavior: 'smooth', block: 'start' });
  }

  return (
    <>
      <Hero search={search} onSearch={onSearch} />
      <PageSection aria-labelledby="events-title">
        <SectionHead>
          <div>
            <h2 id="events-title">{title}</h2>
            <p>
              {search
                ? `Events whose title, venue or sport matches “${search}”.`
                : isAllCategory(category)
                  ? 'Handpicked events from across India.'
                  : `${titleCase(category)} events from across India.`}
            </p>
          </div>
          {search && (
            <Button variant="outline" onClick={() => update({ search: null })}>
              Clear search
            </Button>
          )}
        </SectionHead>
        <CategoryBar value={category} onChange={(next) => update({ category: isAllCategory(next) ? null : next })} />
        <EventGrid
          events={shown}
          loading={list.loading}
          failed={list.failed}
          emptyMessage={search ? 'Try a different word, or browse all events.' : 'Try another category.'}
        />
        {!search && (
          <ViewAll>
            <Button as={Link} to="/events" variant="outline" size="lg" rightIcon={<ArrowRightIcon size={18} />}>
              View All
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
