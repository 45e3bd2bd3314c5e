import styled, { keyframes } from 'styled-components';

const shimmer = keyframes`
  0% { background-position: 100% 0; }
  100% { background-position: -100% 0; }
`;

const Root = styled.span<{ $width: string; $height: string; $radius: string }>`
  display: block;
  width: ${({ $width }) => $width};
  max-width: 100%;
  height: ${({ $height }) => $height};
  border-radius: ${({ $radius }) => $radius};
  background: linear-gradient(
    90deg,
    ${({ theme }) => theme.colors.skeleton} 25%,
    ${({ theme }) => theme.colors.skeletonHighlight} 50%,
    ${({ theme }) => theme.colors.skeleton} 75%
  );
  background-size: 200% 100%;
  animation: ${shimmer} 1.4s ease-in-out infinite;
`;

export interface SkeletonProps {
  width?: number | string;
  height?: number | string;
  /** 'circle' for avatars, or any CSS radius. */
  radius?: 'circle' | string;
  className?: string;
}

const toCss = (v: number | string) => (typeof v === 'number' ? `${v}px` : v);

/** A placeholder block. Hidden from screen readers: the loading container announces instead. */
export function Skeleton({ width = '100%', height = '1em', radius = '6px', className }: SkeletonProps) {
  return (
    <Root
      aria-hidden="true"
      data-testid="skeleton"
      className={className}
      $width={toCss(width)}
      $height={toCss(height)}
      $radius={radius === 'circle' ? '50%' : radius}
    />
  );
}
