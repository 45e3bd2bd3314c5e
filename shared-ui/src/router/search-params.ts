import { useCallback, useEffect } from 'react';
import {
  createSearchParams,
  useLocation,
  useSearchParams as useRouterSearchParams,
  type SetURLSearchParams,
} from 'react-router-dom';

/**
 * The search a setter navigated to before the router drew it: `from` is the location on screen when
 * it was set. One for the whole page, since several hooks (the list's filters, the city choice)
 * write the same URL.
 */
let pending: { from: string; to: string } | null = null;

/**
 * React Router's useSearchParams, except that a functional update starts from the newest search,
 * not the one last drawn. React Router hands the updater the drawn search, so two changes made
 * before a navigation is drawn (All, then a city, on a slow phone) lost the first: the city
 * landed on the URL that still had the old category.
 */
export function useSearchParams(): [URLSearchParams, SetURLSearchParams] {
  const [params, setRouterParams] = useRouterSearchParams();
  const { pathname, search } = useLocation();
  const drawn = pathname + search;
  useEffect(() => {
    if (pending && pending.from !== drawn) pending = null;
  }, [drawn]);
  const setParams = useCallback<SetURLSearchParams>(
    (next, options) => {
      const newest = pending?.from === drawn ? pending.to : search;
      const resolved = createSearchParams(typeof next === 'function' ? next(new URLSearchParams(newest)) : next);
      pending = { from: drawn, to: `?${resolved.toString()}` };
      setRouterParams(resolved, options);
    },
    [drawn, search, setRouterParams],
  );
  return [params, setParams];
}
