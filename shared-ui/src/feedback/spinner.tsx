import styled, { keyframes } from 'styled-components';
import { VisuallyHidden } from '../a11y/visually-hidden';

const spin = keyframes`
  to { transform: rotate(360deg); }
`;

const Ring = styled.span<{ $size: number; $brand?: boolean }>`
  display: inline-block;
  ${({ $brand, theme }) => ($brand ? `color: ${theme.colors.primary};` : '')}
  flex: none;
  width: ${({ $size }) => $size}px;
  height: ${({ $size }) => $size}px;
  border: ${({ $size }) => Math.max(2, Math.round($size / 8))}px solid currentColor;
  border-right-color: transparent;
  border-radius: 50%;
  opacity: 0.85;
  animation: ${spin} 0.7s linear infinite;
  vertical-align: middle;

  @media (prefers-reduced-motion: reduce) {
    /* Still turning, only slower: a frozen ring would read as a broken icon. */
    animation-duration: 2s !important;
    animation-iteration-count: infinite !important;
  }
`;

// The label is muted grey, not orange: the brand orange is too light for text (2.8:1).
const Wrapper = styled.span`
  display: inline-flex;
  align-items: center;
  gap: ${({ theme }) => theme.space.sm};
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: ${({ theme }) => theme.fontSizes.sm};
`;

const CenteredWrapper = styled(Wrapper)`
  display: flex;
  justify-content: center;
  padding: ${({ theme }) => theme.space.xxl} ${({ theme }) => theme.space.lg};
`;

export interface SpinnerProps {
  /** Diameter in px (default 20). */
  size?: number;
  /** Announced to screen readers; shown next to the ring when `showLabel`. */
  label?: string;
  showLabel?: boolean;
  /** Centre it in a padded block, for a section that is loading. */
  centered?: boolean;
  className?: string;
}

/** A loading indicator with role="status", so its label is announced once when it appears. */
export function Spinner({ size = 20, label = 'Loading…', showLabel = false, centered = false, className }: SpinnerProps) {
  const Container = centered ? CenteredWrapper : Wrapper;
  return (
    <Container role="status" className={className}>
      <Ring $size={size} $brand aria-hidden="true" />
      {showLabel ? <span>{label}</span> : <VisuallyHidden>{label}</VisuallyHidden>}
    </Container>
  );
}

/** The bare ring in the current text colour, for use inside a control that already announces its
 * own busy state (Button's `loading`). */
export function SpinnerRing({ size = 16 }: { size?: number }) {
  return <Ring $size={size} aria-hidden="true" />;
}
