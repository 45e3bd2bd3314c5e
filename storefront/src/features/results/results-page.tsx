// An event's published results (issue 43, decision 063): a race and a category to choose, a search
// by name or bib, and each runner's net time, pace, ranks and splits; a name opens the runner's
// own result page with its verification.
import { useState } from 'react';
import styled from 'styled-components';
import { Link, useParams } from '@tdk/shared-ui/router';
import { ApiError, Field, Input, NotFoundPage, Select, Button } from '@tdk/shared-ui';
import { useEventResults } from './queries';
import { useResultsT } from './i18n';

const PAGE = 50;

export function ResultsPage() {
  const { id } = useParams();
  const eventId = Number(id);
  return Number.isInteger(eventId) && eventId > 0 ? <EventResults eventId={eventId} /> : <NotFoundPage />;
}

function EventResults({ eventId }: { eventId: number }) {
  const t = useResultsT();
  const [race, setRace] = useState('');
  const [category, setCategory] = useState('');
  const [q, setQ] = useState('');
  const [limit, setLimit] = useState(PAGE);
  const results = useEventResults(eventId, { race, category, q, limit });
  if (results.isPending)
    return <div role="status" aria-busy="true" aria-label={t('results.loading')} style={{ minHeight: '60vh' }} />;
  // Only the API's 404 says none are published; any other failure says so, with a way to try again.
  if (results.isError && !(results.error instanceof ApiError && results.error.status === 404)) {
    return (
      <Page>
        <p role="alert">{t('results.loadFailed')}</p>
        <Button variant="outline" onClick={() => void results.refetch()}>
          {t('results.retry')}
        </Button>
      </Page>
    );
  }
  if (results.isError || !results.data) {
    return (
      <Page>
        <p>{t('results.notPublished')}</p>
        <Link to={`/event/${eventId}`}>{t('results.backToEvent')}</Link>
      </Page>
    );
  }
  const { event, races, categories, total } = results.data;
  const rows = results.data.results;
  return (
    <Page>
      <h1>{t('results.title', { event: event.title })}</h1>
      <Link to={`/event/${eventId}`}>{t('results.backToEvent')}</Link>
      <Filters>
        <Field label={t('results.race')}>
          <Select value={race} onChange={(e) => setRace(e.target.value)}>
            <option value="">{t('results.allRaces')}</option>
            {races.map((r) => (
              <option key={r.id} value={String(r.id)}>
                {r.name}
              </option>
            ))}
          </Select>
        </Field>
        <Field label={t('results.category')}>
          <Select value={category} onChange={(e) => setCategory(e.target.value)}>
            <option value="">{t('results.allCategories')}</option>
            {categories.map((c) => (
              <option key={c} value={c}>
                {c}
              </option>
            ))}
          </Select>
        </Field>
        <Field label={t('results.search')}>
          <Input type="search" value={q} onChange={(e) => setQ(e.target.value)} />
        </Field>
      </Filters>
      <p role="status">{t('results.count', { count: total })}</p>
      {rows.length === 0 ? (
        <p>{t('results.none')}</p>
      ) : (
        <Scroll>
          <Table>
            <thead>
              <tr>
                <th scope="col">{t('results.rank')}</th>
                <th scope="col">{t('results.bib')}</th>
                <th scope="col">{t('results.name')}</th>
                {/* Net time beside the name: what a runner looks for first, in view on a phone. */}
                <th scope="col">{t('results.netTime')}</th>
                <th scope="col">{t('results.category')}</th>
                <th scope="col">{t('results.race')}</th>
                <th scope="col">{t('results.pace')}</th>
                <th scope="col">{t('results.rankGender')}</th>
                <th scope="col">{t('results.rankCategory')}</th>
                <th scope="col">{t('results.gunTime')}</th>
                <th scope="col">{t('results.splits')}</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((r) => (
                <tr key={r.id}>
                  <td>{r.rankOverall ?? r.status}</td>
                  <td>{r.bib}</td>
                  <td>
                    <Link to={`/result/${r.id}`}>{r.name}</Link>
                  </td>
                  <td>{r.netTime ?? '–'}</td>
                  <td>{r.category}</td>
                  <td>{r.race}</td>
                  <td>{r.pace ?? '–'}</td>
                  <td>{r.rankGender ?? '–'}</td>
                  <td>{r.rankCategory ?? '–'}</td>
                  <td>{r.gunTime ?? '–'}</td>
                  <td>{r.splits.join(' · ') || '–'}</td>
                </tr>
              ))}
            </tbody>
          </Table>
        </Scroll>
      )}
      {rows.length < total && (
        <Button variant="outline" onClick={() => setLimit((n) => Math.min(n + PAGE, 200))} disabled={limit >= 200}>
          {t('results.more')}
        </Button>
      )}
    </Page>
  );
}

export const Page = styled.main`
  max-width: 72rem;
  margin: 0 auto;
  padding: 1.5rem 1rem 3rem;
  h1 {
    font-size: 1.75rem;
    margin: 0 0 0.5rem;
  }
`;

const Filters = styled.div`
  display: grid;
  grid-template-columns: repeat(auto-fit, minmax(12rem, 1fr));
  gap: 0.75rem;
  margin: 1rem 0;
`;

const Scroll = styled.div`
  overflow-x: auto;
`;

export const Table = styled.table`
  width: 100%;
  border-collapse: collapse;
  font-size: 0.875rem;
  th,
  td {
    text-align: left;
    padding: 0.375rem 0.5rem;
    border-bottom: 1px solid #e5e7eb;
    white-space: nowrap;
  }
`;
