import { Link } from '@tdk/shared-ui/router';
import styled from 'styled-components';
import { Skeleton, getErrorMessage, isApiError } from '@tdk/shared-ui';
import { useStorefrontT } from '../i18n';
import { LazyNewsletterForm } from './deferred-newsletter-form';
import { useConfirmNewsletter } from './queries';
import { useLinkToken } from '../links/use-link-token';

/**
 * /newsletter/confirm#token, from the e-mailed link (double opt-in, decision 029): confirms the
 * address, and says so; a link that is not valid or too old says that, with the form to ask again.
 * The confirmation is a POST from this page, so a mail scanner fetching the link confirms nothing.
 */
export function NewsletterConfirmPage() {
  const t = useStorefrontT();
  const confirm = useConfirmNewsletter();
  const { missing } = useLinkToken((token) => confirm.mutate(token));

  if (confirm.isSuccess) {
    return (
      <Page>
        <h1>{t('newsletter.confirmedTitle')}</h1>
        <p role="status">{t('newsletter.confirmed')}</p>
        <p>
          <Link to="/events">{t('newsletter.browseEvents')}</Link>
        </p>
      </Page>
    );
  }
  if (!missing && !confirm.isError) {
    return (
      <Page role="status" aria-busy="true" aria-label={t('newsletter.confirming')}>
        <Skeleton height={40} width="50%" />
      </Page>
    );
  }
  const problem = missing
    ? t('newsletter.linkMissing')
    : isApiError(confirm.error) && confirm.error.status < 500
      ? confirm.error.message
      : getErrorMessage(confirm.error);
  return (
    <Page>
      <h1>{t('newsletter.linkProblemTitle')}</h1>
      <p role="alert">{problem}</p>
      <FormBox>
        <LazyNewsletterForm />
      </FormBox>
      <p>
        <Link to="/">{t('backHome')}</Link>
      </p>
    </Page>
  );
}

const Page = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.space.lg};
  width: 100%;
  max-width: 720px;
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

/** The footer's form sits on the page's dark band here too (its label is written for it). */
const FormBox = styled.div`
  padding: ${({ theme }) => theme.space.lg};
  border-radius: 14px;
  background: ${({ theme }) => theme.colors.inverse};
`;
