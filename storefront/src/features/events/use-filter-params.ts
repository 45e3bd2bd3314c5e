import { useCallback } from 'react';
import { useSearchParams } from '@tdk/shared-ui/router';

/** Reads and writes the list filters kept in the URL (?search=, ?category=, ?city=, ?organiser=), so a list can be shared. */
export function useFilterParams() {
  const [params, setParams] = useSearchParams();
  const get = (name: string) => params.get(name)?.trim() ?? '';
  const update = useCallback(
    (changes: Record<string, string | null>) => {
      setParams(
        (current) => {
          const next = new URLSearchParams(current);
          for (const [key, value] of Object.entries(changes)) {
            if (value === null || value === '') next.delete(key);
            else next.set(key, value);
          }
          return next;
        },
        { replace: false },
      );
    },
    [setParams],
  );
  return { search: get('search'), category: get('category'), city: get('city'), organiser: get('organiser'), update };
}
