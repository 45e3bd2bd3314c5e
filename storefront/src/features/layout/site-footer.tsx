import { Link } from '@tdk/shared-ui/router';
import styled from 'styled-components';
import { useConfig } from '@tdk/shared-ui';
import { BreakableEmail } from '../shared/breakable-email';
import { DeferredNewsletterForm } from '../newsletter/deferred-newsletter-form';
import { Logo } from './logo';

/** The public footer: static links and the newsletter box. */
export function SiteFooter() {
  const config = useConfig();
  return (
    <Footer>
      <Inner>
        <Brand>
          <Logo name={config.platformName} inverted />
          <p>Discover, book and run sports events across India.</p>
        </Brand>
        <nav aria-label="Explore">
          <h2>Explore</h2>
          <ul>
            <li>
              <Link to="/">Home</Link>
            </li>
            <li>
              <Link to="/events">All Events</Link>
            </li>
            <li>
              <Link to="/events?city=Online">Online Events</Link>
            </li>
            <li>
              <Link to="/events?category=running&city=all">Running</Link>
            </li>
            <li>
              <Link to="/events?category=football&city=all">Football</Link>
            </li>
          </ul>
        </nav>
        <nav aria-label="Help">
          <h2>Help</h2>
          <ul>
            <li>
              <a href={`mailto:${config.supportEmail}`}>
                <BreakableEmail email={config.supportEmail} />
              </a>
            </li>
          </ul>
        </nav>
        <Newsletter>
          <h2>Newsletter</h2>
          <DeferredNewsletterForm />
        </Newsletter>
      </Inner>
      <Bottom>
        © {new Date().getFullYear()} {config.platformName}. All rights reserved.
      </Bottom>
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
