import { Link, useNavigate } from '@tdk/shared-ui/router';
import styled from 'styled-components';
import { Skeleton, getErrorMessage, isApiError } from '@tdk/shared-ui';
import { useBookingsT } from './i18n';
import { useOpenBookingsSession } from './queries';
import { RequestLinkForm } from './request-link-form';
import { useLinkToken } from '../links/use-link-token';

/**
 * /bookings/open#token, from the e-mailed link: spends the link once (its POST starts the buyer's
 * session), then shows My bookings. A link used before, too old or changed says so, with the form
 * for a new one.
 */
export function OpenLinkPage() {
  const t = useBookingsT();
  const navigate = useNavigate();
  const open = useOpenBookingsSession();
  const { missing } = useLinkToken((token) => open.mutate(token, { onSuccess: () => navigate('/bookings', { replace: true }) }));

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
