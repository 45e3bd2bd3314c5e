import { useEffect, useState } from 'react';
import { searchableText, SEARCH_TOO_SHORT } from '@tdk/api/contract';

/**
 * What an admin list's search box asks the server for: its text after a pause in typing (so the
 * server is not asked per key), and only once it has 3 characters or more, the least the
 * trigram indexes can find. `hint` says so while 1 or 2 characters are typed.
 */
export function useSearchText(typed: string, delayMs = 300): { search: string; hint: string | null } {
  const wanted = searchableText(typed);
  const [search, setSearch] = useState(wanted);
  useEffect(() => {
    if (wanted === search) return;
    const timer = setTimeout(() => setSearch(wanted), delayMs);
    return () => clearTimeout(timer);
  }, [wanted, search, delayMs]);
  return { search, hint: typed.trim() !== '' && wanted === '' ? SEARCH_TOO_SHORT : null };
}
