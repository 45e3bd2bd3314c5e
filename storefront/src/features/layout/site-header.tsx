import { lazy, Suspense, useEffect, useState, type FormEvent } from 'react';
import { Link, useLocation, useNavigate, useSearchParams } from '@tdk/shared-ui/router';
import styled from 'styled-components';
import {
  Button,
  HeartIcon,
  LanguageSwitcher,
  LogOutIcon,
  MapPinIcon,
  PlusIcon,
  SearchIcon,
  SearchInput,
  UserIcon,
  useConfig,
  useSession,
} from '@tdk/shared-ui';
import { ALL_CITIES } from '../city/cities';
import { useCityChoice } from '../city/use-selected-city';
import { Logo } from './logo';
import { useHeroSearchInView } from './hero-search';
import { cityLabel, useStorefrontT } from '../i18n';

// The city picker (its list, filter and Detect Location) is fetched the first time it is opened,
// so a visitor who never changes city does not download it with the first page.
const CityDialog = lazy(() => import('../city/city-dialog').then((module) => ({ default: module.CityDialog })));

/** The public header of SPEC.md section 2: logo, search, city picker and the session links. */
export function SiteHeader() {
  const t = useStorefrontT();
  const config = useConfig();
  const session = useSession();
  const navigate = useNavigate();
  const location = useLocation();
  const [params] = useSearchParams();
  const cityChoice = useCityChoice();
  const [cityOpen, setCityOpen] = useState(false);
  // Once opened it stays mounted, so closing it animates and returns focus like any dialog.
  const [cityWanted, setCityWanted] = useState(false);
  const urlSearch = location.pathname === '/' ? (params.get('search') ?? '') : '';
  // On home, the hero's search box is the one in view; this one returns when it scrolls away.
  const heroSearchShown = useHeroSearchInView() && location.pathname === '/';
  const [term, setTerm] = useState(urlSearch);
  useEffect(() => setTerm(urlSearch), [urlSearch]);

  // The same choice the lists follow, so the header never names a city the page is not showing.
  const shownCity = cityLabel(t, cityChoice.city);

  function search(event: FormEvent) {
    event.preventDefault();
    const value = term.trim();
    navigate(value ? `/?search=${encodeURIComponent(value)}` : '/');
  }

  function chooseCity(next: string) {
    cityChoice.choose(next);
    setCityOpen(false);
  }

  async function logout() {
    await session.signOut();
    navigate('/');
  }

  return (
    <Header>
      <Inner $signedIn={session.status === 'signed-in'}>
        <Logo name={config.platformName} />
        <SearchForm
          role="search"
          aria-label={t('header.siteSearch')}
          onSubmit={search}
          aria-hidden={heroSearchShown || undefined}
          inert={heroSearchShown || undefined}
          $stepAside={heroSearchShown}
        >
          <SearchInput
            aria-label={t('header.searchEvents')}
            placeholder={t('header.searchPlaceholder')}
            value={term}
            onChange={(event) => setTerm(event.target.value)}
          />
          <SubmitButton type="submit" variant="secondary" aria-label={t('header.search')}>
            <SearchIcon size={18} className="icon" />
            <span className="label">{t('header.search')}</span>
          </SubmitButton>
        </SearchForm>
        <CityButton
          variant="outline"
          size="sm"
          onClick={() => {
            setCityWanted(true);
            setCityOpen(true);
          }}
          aria-haspopup="dialog"
          aria-label={t('header.selectCity', { city: shownCity })}
          leftIcon={<MapPinIcon size={18} />}
          data-testid="city-button"
        >
          <span>{shownCity}</span>
        </CityButton>
        <SavedLink to="/saved" aria-label={t('saved.link')} title={t('saved.link')}>
          <HeartIcon size={18} />
        </SavedLink>
        <Nav aria-label={t('header.main')}>
          <NavLink to="/events">{t('nav.allEvents')}</NavLink>
          <NavLink to="/bookings">
            {/* A phone's row has room for the short word; both name the same page. */}
            <span className="full">{t('nav.myBookings')}</span>
            <span className="short">{t('nav.myBookingsShort')}</span>
          </NavLink>
          {session.status === 'signed-in' ? (
            <>
              {/* Creating events is a manager's job (DESIGN.md section 6); lower roles don't see it. */}
              {session.hasRole('manager') && (
                <Button as={Link} to="/admin/events?create=1" size="sm" leftIcon={<PlusIcon size={16} />}>
                  {t('header.createEvent')}
                </Button>
              )}
              <NavLink to="/admin">{t('header.admin')}</NavLink>
              <UserName data-testid="header-user">
                <UserIcon size={16} />
                {session.user.fullName}
              </UserName>
              <Button variant="ghost" size="sm" onClick={logout} leftIcon={<LogOutIcon size={16} />}>
                {t('header.logout')}
              </Button>
            </>
          ) : (
            // A visitor who would sell here (issue 41): "Sell tickets on TDK Sports" (decision 053).
            <NavLink to="/sell" data-testid="header-sell">
              <span className="full">{t('header.createEvent')}</span>
              <span className="short">{t('header.createEventShort')}</span>
            </NavLink>
          )}
        </Nav>
        {session.status === 'signed-out' && <LoginLink to="/login">{t('header.login')}</LoginLink>}
        <HeaderLanguages />
      </Inner>
      {cityWanted && (
        <Suspense fallback={null}>
          <CityDialog
            open={cityOpen}
            current={cityChoice.city || ALL_CITIES}
            onClose={() => setCityOpen(false)}
            onSelect={chooseCity}
          />
        </Suspense>
      )}
    </Header>
  );
}

const Header = styled.header`
  z-index: ${({ theme }) => theme.zIndices.header};
  border-bottom: 1px solid ${({ theme }) => theme.colors.border};
  background: rgba(255, 255, 255, 0.97);

  /* Sticky only where there is height to spare; on phones it scrolls away. */
  @media (min-width: ${({ theme }) => theme.breakpoints.tablet}px) {
    position: sticky;
    top: 0;
    backdrop-filter: saturate(1.4) blur(6px);
  }
`;

// Phones: the logo and what visitors look for (All Events, My bookings) on one row; the city, the
// search and Saved below; the languages and the staff's Login last. Signed in, the staff links and
// Saved get a row of their own. Laptops: everything on one row. Nothing is cut or hidden at 360 px.
const Inner = styled.div<{ $signedIn: boolean }>`
  display: grid;
  grid-template-columns: auto minmax(0, 1fr) auto auto;
  grid-template-areas: ${({ $signedIn }) =>
    $signedIn
      ? `'logo logo city city' 'nav nav nav saved' 'search search search search' 'lang lang lang lang'`
      : `'logo logo nav nav' 'city search search saved' 'lang lang lang login'`};
  align-items: center;
  gap: ${({ theme }) => theme.space.sm} ${({ theme }) => theme.space.sm};
  max-width: ${({ theme }) => theme.layout.maxContentWidth};
  margin: 0 auto;
  padding: ${({ theme }) => theme.space.sm} clamp(12px, 4vw, 40px);

  @media (min-width: ${({ theme }) => theme.breakpoints.tablet}px) {
    grid-template-columns: minmax(0, 1fr) auto auto auto auto;
    grid-template-areas: 'logo city saved nav login' 'search search search lang lang';
    gap: ${({ theme }) => theme.space.sm} ${({ theme }) => theme.space.md};
  }
  /* One row once it has the width for all seven; a small laptop keeps the tablet's two rows. */
  @media (min-width: ${({ theme }) => theme.breakpoints.desktop}px) {
    grid-template-columns: auto minmax(200px, 1fr) auto auto auto auto auto;
    grid-template-areas: 'logo search city saved nav login lang';
    gap: ${({ theme }) => theme.space.lg};
    min-height: ${({ theme }) => theme.layout.headerHeight};
  }
`;

const SearchForm = styled.form<{ $stepAside: boolean }>`
  visibility: ${({ $stepAside }) => ($stepAside ? 'hidden' : 'visible')};
  grid-area: search;
  display: flex;
  gap: ${({ theme }) => theme.space.sm};
  max-width: 480px;
  width: 100%;

  & > div {
    flex: 1;
  }
  @media (max-width: ${({ theme }) => theme.breakpoints.desktop - 0.02}px) {
    max-width: none;
  }
`;

// On phones the button is its icon, leaving the search box room for its words.
const SubmitButton = styled(Button)`
  flex: none;

  .icon {
    display: none;
  }
  @media (max-width: ${({ theme }) => theme.breakpoints.phoneLg - 0.02}px) {
    padding-inline: 12px;
    .icon {
      display: block;
    }
    .label {
      display: none;
    }
  }
`;

const CityButton = styled(Button)`
  grid-area: city;
  justify-self: start;
  max-width: 150px;
  min-height: 36px;

  span {
    overflow: hidden;
    text-overflow: ellipsis;
  }
`;

// English, हिन्दी, मराठी: under the search on phones, at the end of the row on laptops.
const HeaderLanguages = styled(LanguageSwitcher)`
  grid-area: lang;
  justify-self: end;
`;

const Nav = styled.nav`
  grid-area: nav;
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  justify-content: flex-end;
  gap: ${({ theme }) => theme.space.xs};

  @media (min-width: ${({ theme }) => theme.breakpoints.tablet}px) {
    gap: ${({ theme }) => theme.space.xs} ${({ theme }) => theme.space.md};
  }
`;

const NavLink = styled(Link)`
  display: inline-flex;
  align-items: center;
  min-height: 40px;
  padding: 0 2px;
  color: ${({ theme }) => theme.colors.text};
  font-size: ${({ theme }) => theme.fontSizes.sm};
  font-weight: ${({ theme }) => theme.fontWeights.semibold};
  text-decoration: none;
  white-space: nowrap;

  @media (min-width: ${({ theme }) => theme.breakpoints.tablet}px) {
    padding: 0 ${({ theme }) => theme.space.xs};
    font-size: ${({ theme }) => theme.fontSizes.md};
  }
  .short {
    display: none;
  }
  @media (max-width: ${({ theme }) => theme.breakpoints.phoneLg - 0.02}px) {
    .full {
      display: none;
    }
    .short {
      display: inline;
    }
  }

  &:hover {
    color: ${({ theme }) => theme.colors.primaryText};
  }
`;

// Staff sign in here; visitors find their tickets in My bookings, first in the header.
const LoginLink = styled(NavLink)`
  grid-area: login;
  justify-self: end;
`;

// The Saved page, as a heart: the same mark a card's save button wears.
const SavedLink = styled(NavLink)`
  grid-area: saved;
  justify-content: center;
  min-width: 40px;
`;

const UserName = styled.span`
  display: inline-flex;
  align-items: center;
  gap: 6px;
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: ${({ theme }) => theme.fontSizes.sm};
  font-weight: ${({ theme }) => theme.fontWeights.semibold};
`;
