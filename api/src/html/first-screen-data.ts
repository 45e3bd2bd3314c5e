// The public GETs each public page makes before it can draw its first screen, as the storefront
// makes them (the same query rule, contract/public-lists.ts), so their answers can travel inside the
// page. The visitor's remembered city comes with their cookie (REMEMBERED_CITY_COOKIE).
import { listFiltersFromUrl, listPageSize, organiserSlugOfPath, toEventsQuery } from '../contract';

const withQuery = (path: string, query: Record<string, string | undefined>) => {
  const search = new URLSearchParams(Object.entries(query).filter((entry): entry is [string, string] => !!entry[1]));
  return search.size ? `${path}?${search}` : path;
};

export function firstScreenRequests(
  path: string,
  search: URLSearchParams,
  rememberedCity?: string,
  /** The visitor brought no staff session cookie: who is signed in is known (nobody). */
  withoutSession = false,
): string[] {
  const requests = ['/api/config', ...(withoutSession ? ['/api/auth/me'] : [])];
  if (path === '/' || path === '/events') {
    const filters = listFiltersFromUrl(search, rememberedCity);
    const limit = String(listPageSize(path === '/' ? 'home' : 'all-events', filters));
    requests.push(withQuery('/api/events', { ...toEventsQuery(filters), limit }));
  }
  const event = /^\/event\/([1-9][0-9]{0,9})$/.exec(path);
  if (event) requests.push(`/api/events/${event[1]}`, `/api/events/${event[1]}/tickets`);
  const legal = /^\/(terms|privacy|refunds|contact)$/.exec(path);
  if (legal) requests.push(`/api/legal/${legal[1]}`);
  // "Sell tickets" states the platform's commission (decision 053).
  if (path === '/sell') requests.push('/api/organisers/signup');
  // An organiser's page (decision 054): its profile and events in one answer.
  const organiser = organiserSlugOfPath(path);
  if (organiser) requests.push(`/api/organisers/${organiser}`);
  return requests;
}
