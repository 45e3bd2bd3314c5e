import { Link } from '@tdk/shared-ui/router';
import styled from 'styled-components';
import { SIGNUP_LINK_HOURS } from '@tdk/api/contract';
import { useConfig } from '@tdk/shared-ui';
import { useSignupT } from './i18n';
import { useSignupTerms } from './queries';
import { SignupForm } from './signup-form';

/**
 * /sell, "Sell tickets on TDK Sports" (issue 41, decision 053), where the public header's Create
 * Event leads a visitor: what the platform does for an organiser, its commission and the approval
 * an organisation waits for, then the sign-up form.
 */
export function SellPage() {
  const t = useSignupT();
  const config = useConfig();
  const terms = useSignupTerms();
  return (
    <Page>
      <Intro>
        <h1>{t('sell.title', { platformName: config.platformName })}</h1>
        <p>{t('sell.intro')}</p>
        <h2>{t('sell.howTitle')}</h2>
        <ol>
          <li>{t('sell.stepSignUp')}</li>
          <li>{t('sell.stepDraft')}</li>
          <li>{t('sell.stepApproval')}</li>
        </ol>
        <p data-testid="sell-commission">
          {terms.data ? t('sell.commission', { percent: terms.data.commissionPercent }) : t('sell.commissionLoading')}
        </p>
        {terms.data?.eventApprovalRequired && <p>{t('sell.eventReview')}</p>}
        <p>
          {t('sell.haveAccount')} <Link to="/login">{t('sell.signIn')}</Link>
        </p>
      </Intro>
      <SignupForm linkHours={terms.data?.linkHours ?? SIGNUP_LINK_HOURS} />
    </Page>
  );
}

// One column on a phone (the words, then the form); side by side from a laptop's width.
const Page = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.space.xl};
  width: 100%;
  max-width: ${({ theme }) => theme.layout.maxContentWidth};
  margin: 0 auto;
  padding: ${({ theme }) => theme.space.lg} clamp(12px, 4vw, 40px) ${({ theme }) => theme.space.xxl};

  @media (min-width: ${({ theme }) => theme.breakpoints.desktop}px) {
    grid-template-columns: minmax(0, 2fr) minmax(0, 3fr);
    align-items: start;
  }
`;

const Intro = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.space.md};
  min-width: 0;

  h1 {
    margin: 0;
    font-size: ${({ theme }) => theme.fontSizes.xxl};
  }
  h2 {
    margin: 0;
    font-size: ${({ theme }) => theme.fontSizes.lg};
  }
  p,
  ol {
    margin: 0;
    overflow-wrap: anywhere;
  }
  ol {
    display: grid;
    gap: ${({ theme }) => theme.space.sm};
    padding-left: 1.4em;
  }
`;
