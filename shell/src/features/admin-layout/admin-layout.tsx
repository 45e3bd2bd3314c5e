import { useEffect, useRef, useState } from 'react';
import { Link, NavLink, Route, Routes, useLocation, useNavigate } from '@tdk/shared-ui/router';
import styled from 'styled-components';
import type { RemoteEntry } from '@tdk/api/contract';
import { Button, NotFoundPage, SkipLink, useConfig, useSession, VisuallyHidden } from '@tdk/shared-ui';
import { RemoteOutlet } from '../registry/remote-outlet';
import { adminRoutePath } from '../registry/route-paths';
import { canSeeNavItem, collectNav } from './nav-items';
import { adminPageTitle } from './section-title';
import { minimumRoleFor } from '../access/page-role';
import { RequireStaffRole } from '../access/require-role';
import { NavIcon } from './nav-icon';
import { organisationChoices } from './organisation-choices';

/** The /admin frame: only signed-in staff reach it, and each page checks its own minimum role. */
export function AdminLayout({ remotes }: { remotes: RemoteEntry[] }) {
  return (
    <RequireStaffRole minRole="support">
      <AdminFrame remotes={remotes} />
    </RequireStaffRole>
  );
}

function AdminFrame({ remotes }: { remotes: RemoteEntry[] }) {
  const nav = collectNav(remotes);
  const session = useSession();
  const config = useConfig();
  const [menuOpen, setMenuOpen] = useState(false);
  const location = useLocation();
  const navigate = useNavigate();
  const visibleNav = nav.filter((item) => canSeeNavItem(item, session.user, session.hasRole));
  const title = adminPageTitle(location.pathname, nav, config.platformName);
  useEffect(() => {
    document.title = title;
  }, [title]);
  const menuButton = useRef<HTMLButtonElement>(null);

  // The phone menu closes on Escape and gives focus back to the button that opened it.
  useEffect(() => {
    if (!menuOpen) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      setMenuOpen(false);
      menuButton.current?.focus();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [menuOpen]);

  return (
    <Frame>
      <SkipLink />
      <Sidebar data-open={menuOpen} id="admin-menu">
        <Brand to="/">
          {config.logoUrl && <BrandLogo src={config.logoUrl} alt="" height={28} />}
          {config.platformName}
        </Brand>
        <nav aria-label="Admin">
          <NavList>
            {visibleNav.map((item) => (
              <li key={item.path}>
                <SideLink
                  to={item.path}
                  // A link is active for its own pages, not for another link's deeper ones.
                  end={item.path === '/admin' || visibleNav.some((other) => other.path.startsWith(`${item.path}/`))}
                  onClick={() => setMenuOpen(false)}
                >
                  <NavIcon name={item.icon} />
                  {item.label}
                </SideLink>
              </li>
            ))}
          </NavList>
        </nav>
      </Sidebar>
      <Main>
        <TopBar>
          <MenuButton
            ref={menuButton}
            variant="ghost"
            aria-label="Open navigation"
            aria-controls="admin-menu"
            aria-expanded={menuOpen}
            onClick={() => setMenuOpen((open) => !open)}
          >
            ☰
          </MenuButton>
          <TopTitle>Admin console</TopTitle>
          <TopActions>
            <Link to="/">View site</Link>
            {session.status === 'signed-in' && (
              <>
                <OrganisationSwitcher />
                <UserName>{session.user.fullName}</UserName>
                <Button
                  variant="outline"
                  size="sm"
                  onClick={async () => {
                    // Leave the guarded area first, or the guard would send us to /login.
                    navigate('/');
                    await session.signOut();
                  }}
                >
                  Logout
                </Button>
              </>
            )}
          </TopActions>
        </TopBar>
        <Content id="main-content" tabIndex={-1}>
          <RequireStaffRole minRole={minimumRoleFor(location.pathname, nav)}>
            <AdminSections remotes={remotes} />
          </RequireStaffRole>
        </Content>
      </Main>
    </Frame>
  );
}

/**
 * The organisation the member acts in (decision 051), and a choice of the others they belong to:
 * switching drops every page's data and opens the dashboard of the organisation chosen.
 */
function OrganisationSwitcher() {
  const session = useSession();
  const navigate = useNavigate();
  const [error, setError] = useState<string | null>(null);
  const current = session.organisation;
  if (!current) return null;
  const choices = organisationChoices(current, session.organisations);
  if (choices.length <= 1) {
    return <OrganisationName title="Organisation">{choices[0]?.label ?? current.displayName}</OrganisationName>;
  }
  return (
    <OrganisationLabel>
      <VisuallyHidden>Organisation</VisuallyHidden>
      <OrganisationSelect
        aria-describedby={error ? 'organisation-switch-error' : undefined}
        value={current.id}
        onChange={async (event) => {
          setError(null);
          try {
            await session.switchOrganisation(Number(event.target.value));
            navigate('/admin');
          } catch {
            setError('Could not switch organisation. Try again.');
          }
        }}
      >
        {choices.map((o) => (
          <option key={o.id} value={o.id}>
            {o.label}
          </option>
        ))}
      </OrganisationSelect>
      {error && (
        <SwitchError id="organisation-switch-error" role="alert">
          {error}
        </SwitchError>
      )}
    </OrganisationLabel>
  );
}

/** Each admin remote owns its base path below /admin; the one at /admin itself also answers unknown pages. */
function AdminSections({ remotes }: { remotes: RemoteEntry[] }) {
  const ownsAdminRoot = remotes.some((remote) => adminRoutePath(remote) === '*');
  return (
    <Routes>
      {remotes.map((remote) => (
        <Route key={remote.name} path={adminRoutePath(remote)} element={<RemoteOutlet key={remote.name} remote={remote} />} />
      ))}
      {!ownsAdminRoot && <Route path="*" element={<NotFoundPage />} />}
    </Routes>
  );
}

const Frame = styled.div`
  display: grid;
  grid-template-columns: 240px 1fr;
  min-height: 100vh;
  background: ${({ theme }) => theme.colors.background};
  @media (max-width: 900px) {
    grid-template-columns: 1fr;
  }
`;

const Sidebar = styled.aside`
  background: ${({ theme }) => theme.colors.inverse};
  color: ${({ theme }) => theme.colors.onInverseMuted};
  padding: 20px 12px;
  @media (max-width: 900px) {
    display: none;
    &[data-open='true'] {
      display: block;
    }
  }
`;

const Brand = styled(Link)`
  display: block;
  font-weight: 800;
  font-size: 1.2rem;
  color: ${({ theme }) => theme.colors.onInverse};
  text-decoration: none;
  padding: 4px 12px 20px;
  &::first-letter {
    color: ${({ theme }) => theme.colors.primary};
  }
`;

// The logo uploaded in Settings, Branding, beside the name.
const BrandLogo = styled.img`
  height: 28px;
  width: auto;
  max-width: 64px;
  margin-right: 8px;
  vertical-align: middle;
  object-fit: contain;
`;

const NavList = styled.ul`
  list-style: none;
  margin: 0;
  padding: 0;
  display: grid;
  gap: 4px;
`;

const SideLink = styled(NavLink)`
  display: flex;
  align-items: center;
  gap: 10px;
  padding: 10px 12px;
  border-radius: 8px;
  color: ${({ theme }) => theme.colors.onInverseMuted};
  text-decoration: none;
  font-weight: 500;
  &:hover {
    background: ${({ theme }) => theme.colors.inverseRaised};
    color: ${({ theme }) => theme.colors.onInverse};
  }
  &.active {
    background: ${({ theme }) => theme.colors.primaryStrong};
    color: ${({ theme }) => theme.colors.onPrimary};
  }
`;

const Main = styled.div`
  display: flex;
  flex-direction: column;
  min-width: 0;
`;

const TopBar = styled.header`
  display: flex;
  align-items: center;
  gap: 12px;
  padding: 12px 24px;
  background: ${({ theme }) => theme.colors.surface};
  border-bottom: 1px solid ${({ theme }) => theme.colors.border};
`;

const MenuButton = styled(Button)`
  display: none;
  @media (max-width: 900px) {
    display: inline-flex;
  }
`;

const TopTitle = styled.span`
  font-weight: 600;
  color: ${({ theme }) => theme.colors.textMuted};
  @media (max-width: 600px) {
    display: none;
  }
`;

const TopActions = styled.div`
  margin-left: auto;
  display: flex;
  align-items: center;
  gap: 16px;
  min-width: 0;
  white-space: nowrap;
  a {
    color: ${({ theme }) => theme.colors.secondary};
  }
  @media (max-width: 600px) {
    gap: 10px;
  }
`;

const OrganisationName = styled.span`
  display: inline-block;
  font-weight: 600;
  max-width: 220px;
  overflow: hidden;
  text-overflow: ellipsis;
  vertical-align: middle;
  @media (max-width: 600px) {
    max-width: 110px;
  }
`;

const OrganisationLabel = styled.label`
  display: flex;
  flex-direction: column;
`;

const OrganisationSelect = styled.select`
  font: inherit;
  font-weight: 600;
  max-width: 220px;
  min-height: 36px;
  padding: 4px 8px;
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: 6px;
  background: ${({ theme }) => theme.colors.surface};
  color: inherit;
  @media (max-width: 600px) {
    max-width: 110px;
  }
`;

const SwitchError = styled.span`
  color: ${({ theme }) => theme.colors.danger};
  font-size: 0.8rem;
  white-space: normal;
`;

const UserName = styled.span`
  font-weight: 600;
  @media (max-width: 600px) {
    display: none;
  }
`;

const Content = styled.main`
  padding: 24px;
  min-width: 0;
  &:focus {
    outline: none;
  }
  @media (max-width: 600px) {
    padding: 16px 12px;
  }
`;
