import { Link } from '@tdk/shared-ui/router';
import styled from 'styled-components';
import { useStorefrontT } from '../i18n';
import { LazyNewsletterForm } from './deferred-newsletter-form';
import { useConfirmNewsletter } from './queries';
import { useLinkToken } from '../links/use-link-token';
import { LinkOutcome } from '../links/link-outcome';

/**
 * /newsletter/confirm#token, from the e-mailed link (double opt-in, decision 029): confirms the
 * address, and says so; a link that is not valid or too old says that, with the form to ask again.
 * The confirmation is a POST from this page, so a mail scanner fetching the link confirms nothing.
 */
export function NewsletterConfirmPage() {
  const t = useStorefrontT();
  const confirm = useConfirmNewsletter();
  const { missing } = useLinkToken((token) => confirm.mutate(token));
  return (
    <LinkOutcome
      missing={missing}
      failed={confirm.isError}
      error={confirm.error}
      done={
        confirm.isSuccess ? (
          <>
            <h1>{t('newsletter.confirmedTitle')}</h1>
            <p role="status">{t('newsletter.confirmed')}</p>
            <p>
              <Link to="/events">{t('newsletter.browseEvents')}</Link>
            </p>
          </>
        ) : undefined
      }
      busyLabel={t('newsletter.confirming')}
      problemTitle={t('newsletter.linkProblemTitle')}
      missingText={t('newsletter.linkMissing')}
      afterProblem={
        <>
          <FormBox>
            <LazyNewsletterForm />
          </FormBox>
          <p>
            <Link to="/">{t('backHome')}</Link>
          </p>
        </>
      }
    />
  );
}

/** The footer's form sits on the page's dark band here too (its label is written for it). */
const FormBox = styled.div`
  padding: ${({ theme }) => theme.space.lg};
  border-radius: 14px;
  background: ${({ theme }) => theme.colors.inverse};
`;
