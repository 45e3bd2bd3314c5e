import { Link, useParams } from '@tdk/shared-ui/router';
import styled from 'styled-components';
import { stateName, type OrganiserPage as Organiser } from '@tdk/api/contract';
import { AccentThemeProvider, Button, EmptyState, type ApiError } from '@tdk/shared-ui';
import { BreakableEmail } from '../shared/breakable-email';
import { EventGrid } from '../events/event-grid';
import { LoadMoreEvents } from '../events/load-more';
import { PageSection, SectionHead } from '../events/section';
import type { EventListState } from '../events/use-event-list';
import { usePageT } from '../page-messages/i18n';
import { mailtoHref, telHref } from './contact';
import { initials } from './wordmark';
import { useOrganiser, useOrganiserUpcoming } from './queries';
import { useOrganiserHead } from './use-organiser-head';

const isNotFound = (error: ApiError) => error.status === 404 || error.status === 400;

/**
 * An organiser's public page (/o/:slug, decision 054): its logo (or its name as a wordmark), about,
 * contact, and its upcoming and past events as the lists show them. Drawn by the server with the
 * answer the page carries; an applied, suspended or unknown organiser is a page of its own saying so.
 */
export function OrganiserPage() {
  const { slug = '' } = useParams();
  const query = useOrganiser(slug);
  const organiser = query.data?.organiser;
  useOrganiserHead(organiser);
  if (query.isPending) return <OrganiserLoading />;
  if (!organiser) {
    return query.error && !isNotFound(query.error) ? (
      <OrganiserUnavailable onRetry={() => void query.refetch()} />
    ) : (
      <OrganiserNotFound />
    );
  }
  return <OrganiserProfile organiser={organiser} />;
}

function OrganiserProfile({ organiser }: { organiser: Organiser }) {
  const t = usePageT();
  const mail = mailtoHref(organiser.contactEmail);
  const tel = telHref(organiser.contactPhone);
  const state = stateName(organiser.state);
  // Its brand colour, when set, is the page's accent (decision 056): links, buttons, the wordmark
  // and the header's rule, in shades that read on white (AA).
  return (
    <AccentThemeProvider colour={organiser.brandColour}>
      <Header data-accent={organiser.brandColour ?? undefined}>
        <HeaderInner>
          {organiser.logoUrl ? (
            <Logo src={organiser.logoUrl} alt={t('organiser.logoAlt', { name: organiser.displayName })} width={96} height={96} />
          ) : (
            // The name is the heading beside it: the wordmark is decoration.
            <Wordmark aria-hidden="true" data-testid="organiser-wordmark">
              {initials(organiser.displayName)}
            </Wordmark>
          )}
          <div>
            <Kicker>{t('organiser.kicker')}</Kicker>
            <h1 id="organiser-title">{organiser.displayName}</h1>
            {state && <Place>{t('organiser.basedIn', { state })}</Place>}
          </div>
        </HeaderInner>
      </Header>
      <Profile as="div">
        {organiser.about && (
          <About aria-labelledby="organiser-about">
            <h2 id="organiser-about">{t('organiser.about')}</h2>
            <p>{organiser.about}</p>
          </About>
        )}
        {(mail || tel) && (
          <Contact aria-labelledby="organiser-contact">
            <h2 id="organiser-contact">{t('organiser.contact')}</h2>
            <dl>
              {mail && (
                <div>
                  <dt>{t('organiser.email')}</dt>
                  <dd>
                    <a href={mail}>
                      <BreakableEmail email={organiser.contactEmail} />
                    </a>
                  </dd>
                </div>
              )}
              {tel && (
                <div>
                  <dt>{t('organiser.phone')}</dt>
                  <dd>
                    <a href={tel}>{organiser.contactPhone}</a>
                  </dd>
                </div>
              )}
            </dl>
          </Contact>
        )}
      </Profile>
      <UpcomingEvents organiser={organiser} />
      {organiser.pastEvents.length > 0 && (
        <PageSection aria-labelledby="organiser-past" data-testid="organiser-past">
          <SectionHead>
            <h2 id="organiser-past">{t('organiser.past')}</h2>
          </SectionHead>
          <EventGrid events={organiser.pastEvents} loading={false} failed={false} />
        </PageSection>
      )}
    </AccentThemeProvider>
  );
}

function UpcomingEvents({ organiser }: { organiser: Organiser }) {
  const t = usePageT();
  const pages = useOrganiserUpcoming(organiser);
  const list: EventListState = {
    events: pages.data?.pages.flatMap((page) => page.events) ?? organiser.upcomingEvents,
    loading: false,
    failed: false,
    usingSamples: false,
    hasMore: pages.hasNextPage,
    loadingMore: pages.isFetchingNextPage,
    loadMoreFailed: pages.isFetchNextPageError,
    loadMore: async () => {
      const result = await pages.fetchNextPage();
      return { failed: result.isFetchNextPageError };
    },
  };
  return (
    <PageSection aria-labelledby="organiser-upcoming" data-testid="organiser-upcoming">
      <SectionHead>
        <h2 id="organiser-upcoming">{t('organiser.upcoming')}</h2>
      </SectionHead>
      <EventGrid
        events={list.events}
        loading={false}
        failed={false}
        emptyTitle={t('organiser.noUpcoming')}
        emptyMessage={t('organiser.noUpcomingMessage', { name: organiser.displayName })}
        emptyAction={
          <Button as={Link} to="/events" variant="outline">
            {t('organiser.browseEvents')}
          </Button>
        }
      />
      <LoadMoreEvents list={list} />
    </PageSection>
  );
}

function OrganiserLoading() {
  const t = usePageT();
  return <div role="status" aria-busy="true" aria-label={t('organiser.loading')} style={{ minHeight: '60vh' }} />;
}

/** The 404 of an organiser's page: none at this address, or not approved (the API says which in no way). */
function OrganiserNotFound() {
  const t = usePageT();
  return (
    <Missing data-testid="organiser-not-found">
      <h1>{t('organiser.notFoundTitle')}</h1>
      <EmptyState
        title={t('organiser.notFoundMessage')}
        icon={null}
        action={
          <Button as={Link} to="/events" size="lg">
            {t('organiser.browseEvents')}
          </Button>
        }
      />
    </Missing>
  );
}

function OrganiserUnavailable({ onRetry }: { onRetry: () => void }) {
  const t = usePageT();
  return (
    <Missing>
      <h1>{t('organiser.unavailableTitle')}</h1>
      <EmptyState
        title={t('organiser.loadFailed')}
        icon={null}
        action={
          <Button size="lg" onClick={onRetry}>
            {t('organiser.retry')}
          </Button>
        }
      />
    </Missing>
  );
}

const Header = styled.div`
  background: ${({ theme }) => theme.colors.inverse};
  border-bottom: 4px solid ${({ theme }) => theme.colors.primary};
  color: ${({ theme }) => theme.colors.onInverse};
`;

const HeaderInner = styled.div`
  display: flex;
  align-items: center;
  gap: ${({ theme }) => theme.space.lg};
  max-width: ${({ theme }) => theme.layout.maxContentWidth};
  margin: 0 auto;
  padding: ${({ theme }) => theme.space.xxl} clamp(12px, 4vw, 40px);

  h1 {
    margin: 0;
    font-size: clamp(1.6rem, 5vw, 2.6rem);
    line-height: 1.1;
    overflow-wrap: anywhere;
  }
`;

const Logo = styled.img`
  flex: none;
  width: clamp(64px, 18vw, 96px);
  height: clamp(64px, 18vw, 96px);
  border-radius: ${({ theme }) => theme.radii.lg};
  background: ${({ theme }) => theme.colors.surface};
  object-fit: contain;
`;

const Wordmark = styled.div`
  flex: none;
  display: grid;
  place-items: center;
  width: clamp(64px, 18vw, 96px);
  height: clamp(64px, 18vw, 96px);
  border-radius: ${({ theme }) => theme.radii.lg};
  background: ${({ theme }) => theme.colors.primaryStrong};
  color: ${({ theme }) => theme.colors.onPrimary};
  font-size: clamp(1.5rem, 6vw, 2.2rem);
  font-weight: ${({ theme }) => theme.fontWeights.bold};
  letter-spacing: 0.02em;
`;

const Kicker = styled.p`
  margin: 0 0 ${({ theme }) => theme.space.xs};
  color: ${({ theme }) => theme.colors.onInverseMuted};
  font-size: ${({ theme }) => theme.fontSizes.sm};
  font-weight: ${({ theme }) => theme.fontWeights.semibold};
  text-transform: uppercase;
  letter-spacing: 0.06em;
`;

const Place = styled.p`
  margin: ${({ theme }) => theme.space.xs} 0 0;
  color: ${({ theme }) => theme.colors.onInverseMuted};
`;

const Profile = styled(PageSection)`
  display: grid;
  gap: ${({ theme }) => theme.space.xl};
  padding-bottom: 0;

  @media (min-width: 960px) {
    grid-template-columns: minmax(0, 2fr) minmax(0, 1fr);
    align-items: start;
  }

  h2 {
    margin: 0 0 ${({ theme }) => theme.space.sm};
    color: ${({ theme }) => theme.colors.text};
    font-size: ${({ theme }) => theme.fontSizes.xl};
  }
`;

const About = styled.section`
  p {
    margin: 0;
    color: ${({ theme }) => theme.colors.text};
    line-height: ${({ theme }) => theme.lineHeights.normal};
    white-space: pre-line;
    overflow-wrap: anywhere;
  }
`;

const Contact = styled.section`
  padding: ${({ theme }) => theme.space.lg};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radii.lg};
  background: ${({ theme }) => theme.colors.surface};

  @media (min-width: 960px) {
    grid-column: 2;
  }

  dl {
    display: grid;
    gap: ${({ theme }) => theme.space.md};
    margin: 0;
  }
  dt {
    color: ${({ theme }) => theme.colors.textMuted};
    font-size: ${({ theme }) => theme.fontSizes.sm};
    font-weight: ${({ theme }) => theme.fontWeights.semibold};
  }
  dd {
    margin: 2px 0 0;
  }
  a {
    display: inline-block;
    min-height: 24px;
    color: ${({ theme }) => theme.colors.primaryText};
    font-weight: ${({ theme }) => theme.fontWeights.semibold};
    text-decoration: underline;
    text-underline-offset: 3px;
    overflow-wrap: anywhere;
  }
`;

const Missing = styled.section`
  max-width: 640px;
  margin: 0 auto;
  padding: ${({ theme }) => theme.space.xxxl} clamp(12px, 4vw, 40px);
  text-align: center;

  h1 {
    margin: 0;
    font-size: clamp(1.8rem, 5vw, 2.4rem);
  }
`;
