import { Link } from '@tdk/shared-ui/router';
import styled from 'styled-components';
import { LanguageSwitcher, useConfig } from '@tdk/shared-ui';
import { useStorefrontT } from '../i18n';
import { BreakableEmail } from '../shared/breakable-email';
import { DeferredNewsletterForm } from '../newsletter/deferred-newsletter-form';
import { Logo } from './logo';

/** The public footer: static links, the Help pages payment providers ask a merchant's site for, and the newsletter box. */
export function SiteFooter() {
  const t = useStorefrontT();
  const config = useConfig();
  return (
    <Footer>
      <Inner>
        <Brand>
          <Logo name={config.platformName} inverted />
          <p>{t('footer.tagline')}</p>
          <LanguageSwitcher tone="light" label={t('footer.language')} />
        </Brand>
        <nav aria-label={t('footer.explore')}>
          <h2>{t('footer.explore')}</h2>
          <ul>
            <li>
              <Link to="/">{t('footer.home')}</Link>
            </li>
            <li>
              <Link to="/events">{t('nav.allEvents')}</Link>
            </li>
            <li>
              <Link to="/saved">{t('saved.link')}</Link>
            </li>
            <li>
              <Link to="/events?city=Online">{t('footer.online')}</Link>
            </li>
            <li>
              <Link to="/events?category=running&city=all">{t('category.running')}</Link>
            </li>
            <li>
              <Link to="/events?category=football&city=all">{t('category.football')}</Link>
            </li>
          </ul>
        </nav>
        <nav aria-label={t('footer.help')}>
          <h2>{t('footer.help')}</h2>
          <ul>
            <li>
              <Link to="/bookings">{t('nav.myBookings')}</Link>
            </li>
            <li>
              <a href={`mailto:${config.supportEmail}`}>
                <BreakableEmail email={config.supportEmail} />
              </a>
            </li>
            <li>
              <Link to="/contact">{t('legal.contact')}</Link>
            </li>
            <li>
              <Link to="/terms">{t('legal.terms')}</Link>
            </li>
            <li>
              <Link to="/privacy">{t('legal.privacy')}</Link>
            </li>
            <li>
              <Link to="/refunds">{t('legal.refundsShort')}</Link>
            </li>
          </ul>
        </nav>
        <Newsletter>
          <h2>{t('footer.newsletter')}</h2>
          <DeferredNewsletterForm />
        </Newsletter>
      </Inner>
      <Bottom>{t('footer.rights', { year: new Date().getFullYear(), platformName: config.platformName })}</Bottom>
    </Footer>
  );
}

const Footer = styled.footer`
  margin-top: ${({ theme }) => theme.space.xxxl};
  background: ${({ theme }) => theme.colors.inverse};
  color: ${({ theme }) => theme.colors.onInverseMuted};

  h2 {
    margin: 0 0 ${({ theme }) => theme.space.md};
    color: ${({ theme }) => theme.colors.onInverse};
    font-size: ${({ theme }) => theme.fontSizes.md};
  }
  ul {
    display: grid;
    gap: ${({ theme }) => theme.space.sm};
    margin: 0;
    padding: 0;
    list-style: none;
  }
  a {
    color: ${({ theme }) => theme.colors.onInverseMuted};
    text-decoration: none;
    overflow-wrap: anywhere;
  }
  a:hover {
    color: ${({ theme }) => theme.colors.onInverse};
    text-decoration: underline;
  }
`;

const Inner = styled.div`
  display: grid;
  grid-template-columns: 1fr;
  gap: ${({ theme }) => theme.space.xl};
  max-width: ${({ theme }) => theme.layout.maxContentWidth};
  margin: 0 auto;
  padding: ${({ theme }) => theme.space.xxl} clamp(12px, 4vw, 40px);

  @media (min-width: ${({ theme }) => theme.breakpoints.tablet}px) {
    grid-template-columns: 1.3fr 1fr 1fr 1.6fr;
  }
`;

const Brand = styled.div`
  p {
    margin: ${({ theme }) => theme.space.md} 0 0;
    max-width: 32ch;
  }
`;

const Newsletter = styled.div``;

const Bottom = styled.p`
  margin: 0;
  padding: ${({ theme }) => theme.space.lg} clamp(12px, 4vw, 40px);
  border-top: 1px solid rgba(255, 255, 255, 0.12);
  color: ${({ theme }) => theme.colors.onInverseSubtle};
  font-size: ${({ theme }) => theme.fontSizes.sm};
  text-align: center;
`;
