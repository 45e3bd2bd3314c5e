import { Link } from '@tdk/shared-ui/router';
import { useStorefrontT } from '../i18n';
import { useLinkToken } from '../links/use-link-token';
import { LinkOutcome } from '../links/link-outcome';
import { useUnsubscribe } from './queries';

/**
 * /unsubscribe#t=token, from an organiser's announcement e-mail (decision 072): stops that
 * organiser's announcements to the address, and says so; tickets and notices about the buyer's
 * bookings still come. Posted from the page, so a mail scanner fetching the link changes nothing.
 */
export function UnsubscribePage() {
  const t = useStorefrontT();
  const unsubscribe = useUnsubscribe();
  const { missing } = useLinkToken((token) => unsubscribe.mutate(token));
  return (
    <LinkOutcome
      missing={missing}
      failed={unsubscribe.isError}
      error={unsubscribe.error}
      done={
        unsubscribe.isSuccess ? (
          <>
            <h1>{t('unsubscribe.doneTitle')}</h1>
            <p role="status">{t('unsubscribe.done')}</p>
            <p>
              <Link to="/events">{t('newsletter.browseEvents')}</Link>
            </p>
          </>
        ) : undefined
      }
      busyLabel={t('unsubscribe.working')}
      problemTitle={t('unsubscribe.problemTitle')}
      missingText={t('unsubscribe.missing')}
      afterProblem={
        <p>
          <Link to="/">{t('backHome')}</Link>
        </p>
      }
    />
  );
}
