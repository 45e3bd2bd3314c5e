import { Link } from '@tdk/shared-ui/router';
import styled from 'styled-components';
import { imageSrcSet, type SportEvent } from '@tdk/api/contract';
import {
  Button,
  CalendarIcon,
  ClockIcon,
  HeartIcon,
  IconButton,
  MapPinIcon,
  ShareIcon,
  useFormats,
  useLanguage,
  usePriceFormats,
  useToast,
} from '@tdk/shared-ui';
import { categoryLabel, localizeEvent } from '../i18n';
import { usePageT } from '../page-messages/i18n';
import { shareEvent } from '../shared/share';
import { useLikedEvent } from '../shared/use-liked-events';
import { EventArt } from './event-art';

/** The width the card's picture is drawn at, by screen width (the grid's columns), for `sizes`. */
const CARD_IMAGE_SIZES = '(min-width: 1280px) 300px, (min-width: 640px) 50vw, 100vw';

/**
 * The event card of SPEC.md section 2. `eager` for the cards of the first row, whose picture is
 * on screen at once; the rest load their picture as they scroll into view.
 */
export function EventCard({ event: original, eager = false }: { event: SportEvent; eager?: boolean }) {
  const t = usePageT();
  const { language } = useLanguage();
  const formats = useFormats();
  const prices = usePriceFormats();
  const event = localizeEvent(original, language);
  const { toast } = useToast();
  const [liked, toggleLiked] = useLikedEvent(event.id);
  const titleId = `event-${event.id}-title`;
  return (
    <Card aria-labelledby={titleId} data-testid="event-card" data-event-id={event.id}>
      <Picture>
        {event.imageUrl ? (
          <img
            src={event.imageUrl}
            srcSet={imageSrcSet(event.imageUrl)}
            sizes={CARD_IMAGE_SIZES}
            alt=""
            width={640}
            height={360}
            loading={eager ? 'eager' : 'lazy'}
            fetchPriority={eager ? 'high' : 'auto'}
            decoding="async"
          />
        ) : (
          <EventArt category={event.category} eventId={event.id} eager={eager} />
        )}
        <Actions>
          <RoundButton
            aria-label={liked ? t('card.unlike', { title: event.title }) : t('card.like', { title: event.title })}
            aria-pressed={liked}
            $active={liked}
            onClick={toggleLiked}
          >
            <HeartIcon size={18} filled={liked} />
          </RoundButton>
          <RoundButton aria-label={t('card.share', { title: event.title })} onClick={() => void shareEvent(event, toast, t)}>
            <ShareIcon size={18} />
          </RoundButton>
        </Actions>
      </Picture>
      <Body>
        <Meta>
          <Category>{categoryLabel(t, event.category)}</Category>
          <Price data-testid="event-price">{prices.startingPrice(event.startingPrice)}</Price>
        </Meta>
        <Title id={titleId}>
          <Link to={`/event/${event.id}`}>{event.title}</Link>
        </Title>
        <Details>
          <li>
            <CalendarIcon size={16} />
            <span>{formats.longDate(event.date)}</span>
          </li>
          <li>
            <ClockIcon size={16} />
            <span>{formats.time(event.time)}</span>
          </li>
          <li>
            <MapPinIcon size={16} />
            <span>{event.venue || event.location}</span>
          </li>
        </Details>
        <Button
          as={Link}
          to={`/event/${event.id}?register=true`}
          fullWidth
          aria-label={t('card.registerFor', { title: event.title })}
        >
          {t('card.register')}
        </Button>
      </Body>
    </Card>
  );
}

const Card = styled.article`
  display: flex;
  flex-direction: column;
  min-width: 0;
  overflow: hidden;
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radii.lg};
  background: ${({ theme }) => theme.colors.surface};
  box-shadow: ${({ theme }) => theme.shadows.sm};
  transition:
    box-shadow ${({ theme }) => theme.transitions.normal},
    transform ${({ theme }) => theme.transitions.normal};

  &:hover {
    box-shadow: ${({ theme }) => theme.shadows.md};
    transform: translateY(-2px);
  }
  @media (prefers-reduced-motion: reduce) {
    transition: none;
    &:hover {
      transform: none;
    }
  }
`;

const Picture = styled.div`
  position: relative;
  aspect-ratio: 16 / 9;
  overflow: hidden;
  background: ${({ theme }) => theme.colors.surfaceSunken};

  img {
    display: block;
    width: 100%;
    height: 100%;
    object-fit: cover;
  }
`;

const Actions = styled.div`
  position: absolute;
  top: ${({ theme }) => theme.space.sm};
  right: ${({ theme }) => theme.space.sm};
  display: flex;
  gap: ${({ theme }) => theme.space.xs};
`;

const RoundButton = styled(IconButton)<{ $active?: boolean }>`
  width: 36px;
  height: 36px;
  border-radius: 50%;
  background: rgba(255, 255, 255, 0.94);
  color: ${({ theme, $active }) => ($active ? theme.colors.danger : theme.colors.text)};
  box-shadow: ${({ theme }) => theme.shadows.sm};

  &:hover:not(:disabled) {
    background: ${({ theme }) => theme.colors.surface};
    color: ${({ theme }) => theme.colors.danger};
  }
`;

const Body = styled.div`
  display: flex;
  flex: 1;
  flex-direction: column;
  gap: ${({ theme }) => theme.space.sm};
  padding: ${({ theme }) => theme.space.lg};

  & > a:last-child {
    margin-top: auto;
  }
`;

const Meta = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  justify-content: space-between;
  gap: ${({ theme }) => theme.space.xs};
  font-size: ${({ theme }) => theme.fontSizes.sm};
`;

const Category = styled.span`
  padding: 2px 10px;
  border-radius: ${({ theme }) => theme.radii.pill};
  background: ${({ theme }) => theme.colors.secondarySoft};
  color: ${({ theme }) => theme.tones.blue.fg};
  font-size: ${({ theme }) => theme.fontSizes.xs};
  font-weight: ${({ theme }) => theme.fontWeights.semibold};
`;

const Price = styled.span`
  color: ${({ theme }) => theme.colors.primaryText};
  font-weight: ${({ theme }) => theme.fontWeights.bold};
`;

const Title = styled.h3`
  margin: 0;
  font-size: ${({ theme }) => theme.fontSizes.lg};
  line-height: ${({ theme }) => theme.lineHeights.snug};

  a {
    color: ${({ theme }) => theme.colors.text};
    text-decoration: none;
  }
  a:hover {
    color: ${({ theme }) => theme.colors.primaryText};
  }
`;

const Details = styled.ul`
  display: grid;
  gap: 4px;
  margin: 0 0 ${({ theme }) => theme.space.sm};
  padding: 0;
  list-style: none;
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: ${({ theme }) => theme.fontSizes.sm};

  li {
    display: flex;
    align-items: flex-start;
    gap: ${({ theme }) => theme.space.sm};
    min-width: 0;
  }
  svg {
    flex: none;
    margin-top: 2px;
  }
  span {
    overflow-wrap: anywhere;
  }
`;
