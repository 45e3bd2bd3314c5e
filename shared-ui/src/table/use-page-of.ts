import { useCallback, useState } from 'react';

/**
 * A list's page number, which belongs to the filters it was chosen under: a new search, sort or
 * filter is on its first page in the very render that changes it (derived, not reset by an effect,
 * so no request goes out for the old page number first).
 */
export function usePageOf(filters: unknown): [page: number, setPage: (page: number) => void] {
  const key = JSON.stringify(filters);
  const [chosen, setChosen] = useState({ key, page: 1 });
  const setPage = useCallback((page: number) => setChosen({ key, page }), [key]);
  return [chosen.key === key ? chosen.page : 1, setPage];
}
