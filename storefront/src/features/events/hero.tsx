import { useEffect, useRef, useState, type FormEvent } from 'react';
import styled, { useTheme } from 'styled-components';
import { Button, SearchInput, darken } from '@tdk/shared-ui';
import { usePageT } from '../page-messages/i18n';
import { useReportHeroSearch } from '../layout/hero-search';
import { browserMotionPreferences, heroVideoAllowed, reducedMotionQuery } from './hero-motion';
import heroMp4 from './media/hero-loop.mp4';
import heroWebm from './media/hero-loop.webm';

export interface HeroProps {
  search: string;
  onSearch: (term: string) => void;
}

/**
 * Whether the hero's video is in the page: only once the page has loaded and the browser is idle,
 * so the still artwork is the first paint and the heading stays the largest contentful paint;
 * never under reduced motion or Save-Data, and gone again if reduced motion is turned on.
 */
function useHeroVideo(): boolean {
  const [show, setShow] = useState(false);
  useEffect(() => {
    if (!heroVideoAllowed(browserMotionPreferences())) return;
    let idle: number | undefined;
    const start = () => {
      idle =
        typeof requestIdleCallback === 'function'
          ? requestIdleCallback(() => setShow(true))
          : window.setTimeout(() => setShow(true), 200);
    };
    if (document.readyState === 'complete') start();
    else window.addEventListener('load', start, { once: true });
    const query = reducedMotionQuery();
    const onChange = () => setShow(heroVideoAllowed(browserMotionPreferences()));
    query?.addEventListener('change', onChange);
    return () => {
      window.removeEventListener('load', start);
      if (idle !== undefined) (typeof cancelIdleCallback === 'function' ? cancelIdleCallback : clearTimeout)(idle);
      query?.removeEventListener('change', onChange);
    };
  }, []);
  return show;
}

const VIDEO_SOURCES: [src: string, type: string][] = [
  [heroWebm, 'video/webm'],
  [heroMp4, 'video/mp4'],
];

/**
 * The hero's motion: a muted, looping video that is never put in the page itself. Its frames are
 * painted on a canvas, which is not a largest-contentful-paint candidate, so however large the
 * banner, the LCP stays the heading. It pauses while the banner is scrolled out of view.
 */
function HeroVideo() {
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const [playing, setPlaying] = useState(false);
  useEffect(() => {
    const canvas = canvasRef.current;
    const context = canvas?.getContext('2d');
    if (!canvas || !context) return;
    const video = document.createElement('video');
    video.muted = true;
    video.defaultMuted = true;
    video.loop = true;
    video.playsInline = true;
    video.preload = 'auto';
    for (const [src, type] of VIDEO_SOURCES) {
      const source = document.createElement('source');
      source.src = src;
      source.type = type;
      video.append(source);
    }
    let stopped = false;
    // Frames are drawn while the video plays and not otherwise: a paused loop (scrolled away)
    // costs nothing, and each 'play' starts the drawing again.
    const paint = () => {
      if (stopped || video.paused) return;
      context.drawImage(video, 0, 0, canvas.width, canvas.height);
      if (typeof video.requestVideoFrameCallback === 'function') video.requestVideoFrameCallback(paint);
      else requestAnimationFrame(paint);
    };
    const onPlaying = () => setPlaying(true);
    video.addEventListener('playing', onPlaying, { once: true });
    video.addEventListener('play', paint);
    video.play().catch(() => {
      // Autoplay refused: the still artwork stays, which is the same picture.
    });
    const observer = new IntersectionObserver(([entry]) => {
      if (entry?.isIntersecting) video.play().catch(() => {});
      else video.pause();
    });
    observer.observe(canvas);
    return () => {
      stopped = true;
      observer.disconnect();
      video.removeEventListener('playing', onPlaying);
      video.removeEventListener('play', paint);
      video.pause();
    };
  }, []);
  return (
    <Motion
      ref={canvasRef}
      width={960}
      height={336}
      data-testid="hero-video"
      data-playing={playing}
      $visible={playing}
      aria-hidden="true"
    />
  );
}

/**
 * The home banner: the still artwork (an inline SVG, the first paint and the video's poster), a
 * few seconds of muted looping video made from it laid over once the page is idle, a search box
 * and Find Events.
 */
export function Hero({ search, onSearch }: HeroProps) {
  const t = usePageT();
  const [term, setTerm] = useState(search);
  useEffect(() => setTerm(search), [search]);
  const showVideo = useHeroVideo();
  // The sky's dusk and the sun's glow are the brand's colour (Settings, Branding).
  const { colors } = useTheme();
  const searchBox = useRef<HTMLFormElement>(null);
  useReportHeroSearch(searchBox);

  function submit(event: FormEvent) {
    event.preventDefault();
    onSearch(term.trim());
  }

  return (
    <Banner aria-labelledby="hero-title">
      <Art aria-hidden="true" focusable="false" viewBox="0 0 1200 420" preserveAspectRatio="xMidYMid slice">
        <defs>
          <linearGradient id="hero-sky" x1="0" y1="0" x2="1" y2="1">
            <stop offset="0" stopColor="#0F172A" />
            <stop offset="0.6" stopColor="#1E293B" />
            <stop offset="1" stopColor={darken(colors.primary, 0.5)} />
          </linearGradient>
          <radialGradient id="hero-glow" cx="0.82" cy="0.2" r="0.6">
            <stop offset="0" stopColor={colors.primary} stopOpacity="0.75" />
            <stop offset="1" stopColor={colors.primary} stopOpacity="0" />
          </radialGradient>
        </defs>
        <rect width="1200" height="420" fill="url(#hero-sky)" />
        <rect width="1200" height="420" fill="url(#hero-glow)" />
        <g fill="none" stroke="#FFFFFF" strokeOpacity="0.12" strokeWidth="6">
          <ellipse cx="880" cy="470" rx="520" ry="190" />
          <ellipse cx="880" cy="470" rx="440" ry="150" />
          <ellipse cx="880" cy="470" rx="360" ry="110" />
          <ellipse cx="880" cy="470" rx="280" ry="70" />
        </g>
        <g fill="#FFFFFF" fillOpacity="0.16">
          <circle cx="1010" cy="120" r="46" />
          <circle cx="180" cy="70" r="3" />
          <circle cx="260" cy="140" r="2" />
          <circle cx="420" cy="60" r="2.5" />
          <circle cx="640" cy="110" r="2" />
        </g>
        <path
          d="M972 104c24 10 52 10 76 0M972 136c24-10 52-10 76 0"
          stroke="#0F172A"
          strokeOpacity="0.35"
          strokeWidth="5"
          fill="none"
        />
      </Art>
      {showVideo && <HeroVideo />}
      <Content>
        <Kicker>{t('hero.kicker')}</Kicker>
        <h1 id="hero-title">{t('hero.title')}</h1>
        <p>{t('hero.lead')}</p>
        <SearchForm ref={searchBox} role="search" onSubmit={submit} aria-label={t('hero.findEvents')}>
          <SearchInput
            aria-label={t('header.searchEvents')}
            placeholder={t('hero.searchPlaceholder')}
            value={term}
            onChange={(event) => setTerm(event.target.value)}
          />
          <Button type="submit" size="lg">
            {t('hero.submit')}
          </Button>
        </SearchForm>
      </Content>
    </Banner>
  );
}

const Banner = styled.section`
  position: relative;
  overflow: hidden;
  color: ${({ theme }) => theme.colors.onInverse};
  background: ${({ theme }) => theme.colors.inverse};
`;

const Art = styled.svg`
  position: absolute;
  inset: 0;
  width: 100%;
  height: 100%;
`;

// Fades in over the identical still once it is really playing; until then it is invisible.
const Motion = styled.canvas<{ $visible: boolean }>`
  position: absolute;
  inset: 0;
  width: 100%;
  height: 100%;
  object-fit: cover;
  opacity: ${({ $visible }) => ($visible ? 1 : 0)};
  transition: opacity 400ms ease;
  pointer-events: none;
`;

const Content = styled.div`
  position: relative;
  max-width: ${({ theme }) => theme.layout.maxContentWidth};
  margin: 0 auto;
  padding: clamp(40px, 8vw, 96px) clamp(12px, 4vw, 40px);

  h1 {
    max-width: 18ch;
    margin: 0 0 ${({ theme }) => theme.space.md};
    font-size: clamp(2rem, 6vw, 3.4rem);
    line-height: 1.05;
    letter-spacing: -0.02em;
  }
  p {
    max-width: 52ch;
    margin: 0 0 ${({ theme }) => theme.space.xl};
    color: rgba(255, 255, 255, 0.86);
    font-size: ${({ theme }) => theme.fontSizes.lg};
  }
`;

const Kicker = styled.span`
  display: inline-block;
  margin-bottom: ${({ theme }) => theme.space.md};
  padding: 4px 12px;
  border-radius: ${({ theme }) => theme.radii.pill};
  background: rgba(255, 107, 53, 0.22);
  color: #ffd7c6;
  font-size: ${({ theme }) => theme.fontSizes.sm};
  font-weight: ${({ theme }) => theme.fontWeights.semibold};
`;

const SearchForm = styled.form`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space.sm};
  max-width: 640px;

  & > div {
    flex: 1 1 260px;
  }
  input {
    min-height: 48px;
    color: ${({ theme }) => theme.colors.text};
  }
  button {
    flex: 0 0 auto;
  }
  @media (max-width: ${({ theme }) => theme.breakpoints.phoneLg - 0.02}px) {
    button {
      flex: 1 1 100%;
    }
  }
`;
