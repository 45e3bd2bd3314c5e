import { useEffect, useRef, useState } from 'react';
import { Link, useLocation, useNavigate } from '@tdk/shared-ui/router';
import styled from 'styled-components';
import { Skeleton, getErrorMessage, isApiError } from '@tdk/shared-ui';
import { useStorefrontT } from '../i18n';
import { useOpenBookingsSession } from './queries';
import { RequestLinkForm } from './request-link-form';

/** The token travels after '#', so it reaches neither the server's logs nor another site's Referer. */
const tokenOfHash = (hash: string) => hash.replace(/^#/, '').trim();

/**
 * /bookings/open#token, from the e-mailed link: spends the link once (its POST starts the buyer's
 * session), then shows My bookings. A link used before, too old or changed says so, with the form
 * for a new one.
 */
export function OpenLinkPage() {
  const t = useStorefrontT();
  const navigate = useNavigate();
  const location = useLocation();
  const open = useOpenBookingsSession();
  const asked = useRef(false);
  const [missing, setMissing] = useState(false);

  useEffect(() => {
    // Once, also under StrictMode's second effect: a link can be spent only once.
    if (asked.current) return;
    asked.current = true;
    const token = tokenOfHash(location.hash);
    // The token leaves the address bar and the history at once.
    navigate({ pathname: location.pathname, search: location.search }, { replace: true });
    if (!token) {
      setMissing(true);
      return;
    }
    open.mutate(token, { onSuccess: () => navigate('/bookings', { replace: true }) });
  }, [open, navigate, location]);

  if (!missing && !open.isError) {
    return (
      <Page role="status" aria-busy="true" aria-label={t('bookings.opening')}>
        <Skeleton height={40} width="50%" />
        <Skeleton height={160} radius="14px" />
      </Page>
    );
  }
  const problem = missing
    ? t('bookings.linkMissing')
    : isApiError(open.error) && open.error.status < 500
      ? open.error.message
      : getErrorMessage(open.error);
  return (
    <Page>
      <h1>{t('bookings.linkProblemTitle')}</h1>
      <p role="alert" data-testid="bookings-link-problem">
        {problem}
      </p>
      <RequestLinkForm />
      <p>
        <Link to="/">{t('backHome')}</Link>
      </p>
    </Page>
  );
}

export const Page = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.space.lg};
  width: 100%;
  max-width: 960px;
  margin: 0 auto;
  padding: ${({ theme }) => theme.space.lg} ${({ theme }) => theme.space.md} ${({ theme }) => theme.space.xxl};

  h1 {
    margin: 0;
    font-size: ${({ theme }) => theme.fontSizes.xxl};
  }
  & > p {
    margin: 0;
    overflow-wrap: anywhere;
  }
`;
