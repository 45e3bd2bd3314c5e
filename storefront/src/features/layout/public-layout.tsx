import { Outlet } from '@tdk/shared-ui/router';
import styled from 'styled-components';
import { SkipLink } from '@tdk/shared-ui';
import { SiteFooter } from './site-footer';
import { SiteHeader } from './site-header';
import { HeroSearchProvider } from './hero-search';

/** Header, page and footer of every public screen. */
export function PublicLayout() {
  return (
    <HeroSearchProvider>
      <Shell>
        <SkipLink />
        <SiteHeader />
        <Main id="main-content" tabIndex={-1}>
          <Outlet />
        </Main>
        <SiteFooter />
      </Shell>
    </HeroSearchProvider>
  );
}

const Shell = styled.div`
  display: flex;
  flex-direction: column;
  min-height: 100vh;
  background: ${({ theme }) => theme.colors.background};
`;

const Main = styled.main`
  flex: 1;
  min-width: 0;

  /* Focused only by the skip link, as a starting point for Tab; no ring around the whole page. */
  &:focus {
    outline: none;
  }
`;
