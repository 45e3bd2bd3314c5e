import { useEffect, useRef, useState } from 'react';
import { useLocation, useNavigate } from '@tdk/shared-ui/router';

/**
 * The token travels after '#', so it reaches neither the server's logs nor another site's Referer:
 * the whole fragment (`#token`), or its `t` (`#t=token`, the ticket and document links, decisions 043 and 048).
 */
const tokenOfHash = (hash: string) => {
  const fragment = hash.replace(/^#/, '').trim();
  return new URLSearchParams(fragment).get('t') ?? fragment;
};

/**
 * An e-mailed link's page (`/bookings/open#token`, `/newsletter/confirm#token`, `/invoice/:id#t=token`): takes the token
 * from the address once (also under StrictMode's second effect: a link may be spent only once),
 * removes it from the address bar and the history at once, and hands it to `spend`. `missing` is
 * true when the link carried none.
 */
export function useLinkToken(spend: (token: string) => void): { missing: boolean } {
  const navigate = useNavigate();
  const location = useLocation();
  const asked = useRef(false);
  const [missing, setMissing] = useState(false);
  const spendRef = useRef(spend);
  spendRef.current = spend;

  useEffect(() => {
    if (asked.current) return;
    asked.current = true;
    const token = tokenOfHash(location.hash);
    navigate({ pathname: location.pathname, search: location.search }, { replace: true });
    if (!token) setMissing(true);
    else spendRef.current(token);
  }, [navigate, location]);

  return { missing };
}
