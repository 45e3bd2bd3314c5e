import styled, { useTheme } from 'styled-components';
import { darken, lighten } from '@tdk/shared-ui';
import athletics from './art/athletics.svg?inline';
import badminton from './art/badminton.svg?inline';
import basketball from './art/basketball.svg?inline';
import cricket from './art/cricket.svg?inline';
import cycling from './art/cycling.svg?inline';
import football from './art/football.svg?inline';
import hockey from './art/hockey.svg?inline';
import running from './art/running.svg?inline';
import swimming from './art/swimming.svg?inline';
import tennis from './art/tennis.svg?inline';
import volleyball from './art/volleyball.svg?inline';

// Each sport's artwork is a small SVG (under 1 KB), written inline as a data URL: the first screen
// the API draws shows its cards' pictures with no request of their own, so the largest paint does
// not wait on the network (decision 016); together they add about 4 KB to the storefront's bundle.
const ART: Record<string, string> = {
  athletics,
  badminton,
  basketball,
  cricket,
  cycling,
  football,
  hockey,
  running,
  swimming,
  tennis,
  volleyball,
};

/**
 * The trophy drawn for a sport without artwork of its own, in the platform's brand colour (Settings,
 * Branding), so that rebranding recolours it; the sports keep their own colours.
 */
export function brandArt(primary: string): string {
  const light = lighten(primary, 0.93);
  const svg =
    '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 320 180" preserveAspectRatio="xMidYMid slice">' +
    `<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${darken(primary, 0.45)}"/>` +
    `<stop offset="1" stop-color="${primary}"/></linearGradient></defs><rect width="320" height="180" fill="url(#g)"/>` +
    `<g fill="none" stroke="${light}" stroke-opacity=".35" stroke-width="3"><circle cx="160" cy="90" r="70"/><circle cx="160" cy="90" r="52"/></g>` +
    `<path d="M136 44h48v24c0 18-10 30-24 32-14-2-24-14-24-32z" fill="${light}"/>` +
    `<path d="M136 50h-14c0 16 8 24 16 26M184 50h14c0 16-8 24-16 26" stroke="${light}" stroke-width="4" fill="none"/>` +
    `<path d="M154 100h12v18h-12zM140 118h40v10h-40z" fill="${light}"/></svg>`;
  return `data:image/svg+xml,${encodeURIComponent(svg)}`;
}

/** The artwork of a sport (any case); the brand-coloured trophy for a sport without its own. */
export const artFor = (category: string, primary: string): string => ART[category.trim().toLowerCase()] ?? brandArt(primary);

/**
 * The seven ways one sport's artwork is drawn, so that events of a sport side by side (the running
 * events of a list) each have art of their own: the drawing as it is, then turned round the colour
 * wheel a seventh at a time, every other one mirrored. The brand's trophy keeps its colour and
 * only turns.
 */
const VARIANTS = Array.from({ length: 7 }, (_, k) => ({ hue: Math.round((k * 360) / 7), mirror: k % 2 === 1 }));

/** The variant of an event's art: the same for an event everywhere it is shown. */
export const artVariant = (eventId: number) => VARIANTS[Math.abs(eventId) % VARIANTS.length]!;

/** The card's and the event page's picture when an event has no uploaded image; decorative. */
export function EventArt({
  category,
  eventId = 0,
  className,
  eager = false,
}: {
  category: string;
  /** Which of the sport's variants (artVariant) this event is drawn in. */
  eventId?: number;
  className?: string;
  eager?: boolean;
}) {
  const { colors } = useTheme();
  const own = category.trim().toLowerCase() in ART;
  const variant = artVariant(eventId);
  return (
    <Img
      className={className}
      $hue={own ? variant.hue : 0}
      $mirror={variant.mirror}
      src={artFor(category, colors.primary)}
      alt=""
      width={320}
      height={180}
      loading={eager ? 'eager' : 'lazy'}
      // The first row's art is the largest paint on a phone: drawn with the first frame, not after it.
      decoding={eager ? 'sync' : 'async'}
      data-testid="event-art"
      data-sport={category.trim().toLowerCase()}
    />
  );
}

const Img = styled.img<{ $hue: number; $mirror: boolean }>`
  display: block;
  ${({ $hue }) => ($hue ? `filter: hue-rotate(${$hue}deg);` : '')}
  ${({ $mirror }) => ($mirror ? 'transform: scaleX(-1);' : '')}
  width: 100%;
  height: 100%;
  object-fit: cover;
`;
