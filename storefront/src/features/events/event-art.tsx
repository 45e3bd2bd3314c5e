import styled from 'styled-components';
import athletics from './art/athletics.svg?inline';
import badminton from './art/badminton.svg?inline';
import basketball from './art/basketball.svg?inline';
import cricket from './art/cricket.svg?inline';
import cycling from './art/cycling.svg?inline';
import football from './art/football.svg?inline';
import hockey from './art/hockey.svg?inline';
import other from './art/other.svg?inline';
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

/** The artwork of a sport (any case); a trophy for a sport without its own. */
export const artFor = (category: string): string => ART[category.trim().toLowerCase()] ?? other;

/** The card's and the event page's picture when an event has no uploaded image; decorative. */
export function EventArt({ category, className, eager = false }: { category: string; className?: string; eager?: boolean }) {
  return (
    <Img
      className={className}
      src={artFor(category)}
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

const Img = styled.img`
  display: block;
  width: 100%;
  height: 100%;
  object-fit: cover;
`;
