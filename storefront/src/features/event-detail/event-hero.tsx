import { Link } from '@tdk/shared-ui/router';
import styled from 'styled-components';
import { imageSrcSet, organiserPath, venueMapUrl, type SportEvent } from '@tdk/api/contract';
import { ArrowLeftIcon, CalendarIcon, ClockIcon, MapPinIcon, useFormats, usePriceFormats } from '@tdk/shared-ui';
import { categoryLabel, useStorefrontT } from '../i18n';
import { EventArt } from '../events/event-art';

/**
 * The detail page's hero: picture or art, category, title, when and where, and the entry fee: the
 * prices of the tickets on sale ('₹399 - ₹699'), that none is on sale yet, or that it has ended.
 */
export function EventHero({ event, ended = false }: { event: SportEvent; ended?: boolean }) {
  const t = useStorefrontT();
  const formats = useFormats();
  const prices = usePriceFormats();
  const place = event.venue || event.location;
  const map = venueMapUrl(event.venue, event.location);
  return (
    <Hero>
      <Backdrop aria-hidden="true">
        {event.imageUrl ? (
          <img
            src={event.imageUrl}
            srcSet={imageSrcSet(event.imageUrl)?.concat(`, ${event.imageUrl} 1600w`)}
            sizes="100vw"
            alt=""
            width={1280}
            height={400}
            fetchPriority="high"
          />
        ) : (
          <EventArt category={event.category} eventId={event.id} eager />
        )}
      </Backdrop>
      <Shade aria-hidden="true" />
      <Content>
        <Back to="/events">
          <ArrowLeftIcon size={16} /> {t('detail.allEvents')}
        </Back>
        <Category>{categoryLabel(t, event.category)}</Category>
        <h1>{event.title}</h1>
        {/* Who runs it, and their page (decision 054). */}
        <Organiser data-testid="event-organiser">
          {t('detail.organisedBy')}{' '}
          <OrganiserLink to={organiserPath(event.organiser.slug)}>{event.organiser.displayName}</OrganiserLink>
        </Organiser>
        {/* Published results (decision 063). */}
        {event.resultsPublished && (
          <Organiser>
            <OrganiserLink to={`/event/${event.id}/results`}>{t('hero.results')}</OrganiserLink>
          </Organiser>
        )}
        <Meta>
          <li>
            <CalendarIcon size={18} />
            {formats.weekdayDate(event.date)}
          </li>
          <li>
            <ClockIcon size={18} />
            {formats.time(event.time)}
          </li>
          <li>
            <MapPinIcon size={18} />
            {map ? (
              <VenueLink href={map} target="_blank" rel="noopener noreferrer" aria-label={`${place}, ${t('details.map')}`}>
                {place}
              </VenueLink>
            ) : (
              place
            )}
          </li>
        </Meta>
        {event.postponement && !ended && (
          <Postponed data-testid="event-postponed">
            {t('detail.postponedFrom', { date: formats.longDate(event.postponement.previousDate) })}
          </Postponed>
        )}
        {ended ? (
          <Ended data-testid="event-ended-banner">
            {event.status === 'Cancelled' ? t('detail.cancelled') : t('detail.ended')}
          </Ended>
        ) : (
          <Fee>
            <dt>{t('detail.entryFee')}</dt>
            <dd data-testid="detail-price">{prices.range(event.startingPrice, event.highestPrice)}</dd>
          </Fee>
        )}
      </Content>
    </Hero>
  );
}

const Hero = styled.section`
  position: relative;
  overflow: hidden;
  min-height: 300px;
  color: ${({ theme }) => theme.colors.onInverse};
  background: ${({ theme }) => theme.colors.inverse};
`;

const Backdrop = styled.div`
  position: absolute;
  inset: 0;

  img {
    width: 100%;
    height: 100%;
    object-fit: cover;
  }
`;

const Shade = styled.div`
  position: absolute;
  inset: 0;
  background: linear-gradient(180deg, rgba(15, 23, 42, 0.25) 0%, rgba(15, 23, 42, 0.88) 100%);
`;

const Content = styled.div`
  position: relative;
  display: flex;
  flex-direction: column;
  align-items: flex-start;
  gap: ${({ theme }) => theme.space.sm};
  max-width: ${({ theme }) => theme.layout.maxContentWidth};
  margin: 0 auto;
  padding: ${({ theme }) => theme.space.xl} clamp(12px, 4vw, 40px) ${({ theme }) => theme.space.xxl};

  h1 {
    margin: ${({ theme }) => theme.space.xs} 0;
    font-size: clamp(1.7rem, 5vw, 2.8rem);
    line-height: 1.1;
    overflow-wrap: anywhere;
  }
`;

const Back = styled(Link)`
  display: inline-flex;
  align-items: center;
  gap: 6px;
  margin-bottom: ${({ theme }) => theme.space.lg};
  color: rgba(255, 255, 255, 0.9);
  font-weight: ${({ theme }) => theme.fontWeights.semibold};
  text-decoration: none;

  &:hover {
    color: ${({ theme }) => theme.colors.onInverse};
    text-decoration: underline;
  }
`;

const Category = styled.span`
  padding: 4px 12px;
  border-radius: ${({ theme }) => theme.radii.pill};
  background: ${({ theme }) => theme.colors.primaryStrong};
  /* White, not the hero's off-white: on the strong orange only pure white reaches 4.5:1. */
  color: ${({ theme }) => theme.colors.onPrimary};
  font-size: ${({ theme }) => theme.fontSizes.sm};
  font-weight: ${({ theme }) => theme.fontWeights.semibold};
`;

const Meta = styled.ul`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space.sm} ${({ theme }) => theme.space.xl};
  margin: 0;
  padding: 0;
  list-style: none;
  color: rgba(255, 255, 255, 0.92);

  li {
    display: inline-flex;
    align-items: center;
    gap: 6px;
  }
  svg {
    flex: none;
  }
`;

const VenueLink = styled.a`
  color: inherit;
  text-decoration: underline;
  text-underline-offset: 3px;
`;

const Organiser = styled.p`
  margin: 0;
  color: rgba(255, 255, 255, 0.92);
  font-size: ${({ theme }) => theme.fontSizes.sm};
`;

const OrganiserLink = styled(Link)`
  color: ${({ theme }) => theme.colors.onInverse};
  font-weight: ${({ theme }) => theme.fontWeights.semibold};
  text-decoration: underline;
  text-underline-offset: 3px;

  &:focus-visible {
    outline: 2px solid currentColor;
    outline-offset: 2px;
  }
`;

const Fee = styled.dl`
  margin: ${({ theme }) => theme.space.sm} 0 0;

  dt {
    color: rgba(255, 255, 255, 0.92);
    font-size: ${({ theme }) => theme.fontSizes.sm};
    font-weight: ${({ theme }) => theme.fontWeights.semibold};
  }
  dd {
    margin: 0;
    font-size: ${({ theme }) => theme.fontSizes.xl};
    font-weight: ${({ theme }) => theme.fontWeights.black};
  }
`;

const Ended = styled.p`
  margin: ${({ theme }) => theme.space.sm} 0 0;
  padding: 6px 14px;
  border-radius: ${({ theme }) => theme.radii.pill};
  background: ${({ theme }) => theme.colors.surface};
  color: ${({ theme }) => theme.colors.text};
  font-weight: ${({ theme }) => theme.fontWeights.bold};
`;

const Postponed = styled.p`
  display: inline-block;
  margin: 0 0 ${({ theme }) => theme.space.md};
  padding: 2px 10px;
  border-radius: ${({ theme }) => theme.radii.pill};
  background: ${({ theme }) => theme.colors.surface};
  color: ${({ theme }) => theme.colors.text};
  font-weight: ${({ theme }) => theme.fontWeights.semibold};
`;
