import { Link } from '@tdk/shared-ui/router';
import styled from 'styled-components';
import { useConfig } from '@tdk/shared-ui';

/** The brand mark (the uploaded logo from Settings, else an SVG drawn here) and the platform name, linking home. */
export function Logo({ name, inverted = false }: { name: string; inverted?: boolean }) {
  const { logoUrl } = useConfig();
  return (
    <Root to="/" aria-label={`${name} home`} $inverted={inverted}>
      {logoUrl ? (
        <LogoImage src={logoUrl} alt="" height={32} />
      ) : (
        <svg width="32" height="32" viewBox="0 0 32 32" aria-hidden="true" focusable="false">
          <Mark width="32" height="32" rx="9" />
          <circle cx="16" cy="16" r="8.5" fill="none" stroke="#FFFFFF" strokeWidth="2.2" />
          <path d="M8 13.5c5 2.5 11 2.5 16 0M8 18.5c5-2.5 11-2.5 16 0" fill="none" stroke="#FFFFFF" strokeWidth="2" />
        </svg>
      )}
      <span>{name}</span>
    </Root>
  );
}

// The brand colour from Settings (the theme darkens it until white reads on it).
const Mark = styled.rect`
  fill: ${({ theme }) => theme.colors.primaryStrong};
`;

const LogoImage = styled.img`
  flex: none;
  width: auto;
  max-width: 120px;
  height: 32px;
  object-fit: contain;
`;

const Root = styled(Link)<{ $inverted: boolean }>`
  grid-area: logo;
  display: inline-flex;
  align-items: center;
  gap: ${({ theme }) => theme.space.sm};
  min-height: 40px;
  color: ${({ theme, $inverted }) => ($inverted ? '#FFFFFF' : theme.colors.text)};
  font-size: ${({ theme }) => theme.fontSizes.lg};
  font-weight: ${({ theme }) => theme.fontWeights.black};
  letter-spacing: -0.01em;
  text-decoration: none;
  white-space: nowrap;
  min-width: 0;

  svg {
    flex: none;
  }
  span {
    overflow: hidden;
    text-overflow: ellipsis;
  }
  @media (max-width: ${({ theme }) => theme.breakpoints.phoneLg - 0.02}px) {
    font-size: ${({ theme }) => theme.fontSizes.md};
  }
`;
