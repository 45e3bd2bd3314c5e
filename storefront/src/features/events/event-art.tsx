import styled from 'styled-components';
import athletics from './art/athletics.svg';
import badminton from './art/badminton.svg';
import basketball from './art/basketball.svg';
import cricket from './art/cricket.svg';
import cycling from './art/cycling.svg';
import football from './art/football.svg';
import hockey from './art/hockey.svg';
import other from './art/other.svg';
import running from './art/running.svg';
import swimming from './art/swimming.svg';
import tennis from './art/tennis.svg';
import volleyball from './art/volleyball.svg';

// Each sport's artwork is a small SVG file (under 1 KB), fetched as an image like a photo would
// be: none of it is in the JavaScript, and the browser caches it once for every card of that sport.
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
      fetchPriority={eager ? 'high' : 'auto'}
      decoding="async"
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
