import { Link } from '@tdk/shared-ui/router';
import { useSession } from '@tdk/shared-ui';
import { useLinkToken } from '../links/use-link-token';
import { LinkOutcome } from '../links/link-outcome';
import { useSignupT } from './i18n';
import { useVerifySignup } from './queries';

/**
 * /signup/verify#t=token, from the e-mailed link (decision 053): the token is taken from the
 * fragment (decision 048) and posted once, which creates the organisation (awaiting approval) and
 * signs its admin in; the page says so and leads to the admin. A used, late or broken link says
 * what is wrong, with a way to sign up again.
 */
export function SignupVerifyPage() {
  const t = useSignupT();
  const session = useSession();
  const verify = useVerifySignup();
  // Signed in by the answer's cookie: the header and the admin learn it from the session.
  const { missing } = useLinkToken((token) => verify.mutate(token, { onSuccess: () => void session.refresh() }));
  return (
    <LinkOutcome
      missing={missing}
      failed={verify.isError}
      error={verify.error}
      done={
        verify.isSuccess ? (
          <>
            <h1>{t('verify.title', { organisation: verify.data.organisation.displayName })}</h1>
            <p role="status">{t('verify.awaiting')}</p>
            <p>
              <Link to="/admin">{t('verify.toAdmin')}</Link>
            </p>
          </>
        ) : undefined
      }
      busyLabel={t('verify.busy')}
      problemTitle={t('verify.problemTitle')}
      missingText={t('verify.missing')}
      afterProblem={
        <p>
          <Link to="/sell">{t('verify.signUpAgain')}</Link>
        </p>
      }
    />
  );
}
