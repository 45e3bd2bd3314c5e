import { useId } from 'react';
import styled from 'styled-components';

// Placeholder art for events without an image: an SVG drawn here, so nothing is hot-linked.

const PALETTES: Record<string, [string, string, string]> = {
  football: ['#166534', '#22C55E', '#DCFCE7'],
  cricket: ['#1E3A8A', '#3B82F6', '#DBEAFE'],
  basketball: ['#9A3412', '#F97316', '#FFEDD5'],
  tennis: ['#3F6212', '#A3E635', '#ECFCCB'],
  running: ['#B91C1C', '#FB7185', '#FFE4E6'],
  cycling: ['#0F766E', '#2DD4BF', '#CCFBF1'],
  swimming: ['#075985', '#38BDF8', '#E0F2FE'],
  badminton: ['#6D28D9', '#A78BFA', '#EDE9FE'],
  volleyball: ['#A16207', '#FACC15', '#FEF9C3'],
  hockey: ['#1E40AF', '#60A5FA', '#DBEAFE'],
  athletics: ['#C2410C', '#FB923C', '#FFEDD5'],
};
const FALLBACK: [string, string, string] = ['#C2410C', '#FF6B35', '#FFF1EB'];

export const paletteFor = (category: string) => PALETTES[category.trim().toLowerCase()] ?? FALLBACK;

/** A field of lines and a ball in the category's colours; decorative (aria-hidden). */
export function EventArt({ category, className, label = true }: { category: string; className?: string; label?: boolean }) {
  const [dark, mid, light] = paletteFor(category);
  const id = useId().replace(/:/g, '');
  return (
    <Svg
      className={className}
      viewBox="0 0 320 180"
      preserveAspectRatio="xMidYMid slice"
      aria-hidden="true"
      focusable="false"
      data-testid="event-art"
    >
      <defs>
        <linearGradient id={`g${id}`} x1="0" y1="0" x2="1" y2="1">
          <stop offset="0" stopColor={dark} />
          <stop offset="1" stopColor={mid} />
        </linearGradient>
      </defs>
      <rect width="320" height="180" fill={`url(#g${id})`} />
      <g fill="none" stroke={light} strokeOpacity="0.35" strokeWidth="3">
        <rect x="22" y="22" width="276" height="136" rx="6" />
        <line x1="160" y1="22" x2="160" y2="158" />
        <circle cx="160" cy="90" r="30" />
        <path d="M22 62h34v56H22M298 62h-34v56h34" />
      </g>
      <circle cx="272" cy="132" r="20" fill={light} fillOpacity="0.9" />
      <path d="M256 126c10 4 22 4 32 0M256 138c10-4 22-4 32 0" stroke={dark} strokeOpacity="0.55" strokeWidth="2.5" fill="none" />
      {label && (
        <text
          x="26"
          y="146"
          fill="#FFFFFF"
          fillOpacity="0.92"
          fontFamily="system-ui, sans-serif"
          fontSize="22"
          fontWeight="800"
          letterSpacing="1"
        >
          {category.toUpperCase()}
        </text>
      )}
    </Svg>
  );
}

const Svg = styled.svg`
  display: block;
  width: 100%;
  height: 100%;
`;
