import styled from 'styled-components';
import { useCommonT } from '../i18n/common';

const Link = styled.a`
  position: absolute;
  top: 8px;
  left: 8px;
  z-index: ${({ theme }) => theme.zIndices.toast};
  padding: 10px 16px;
  border-radius: ${({ theme }) => theme.radii.md};
  background: ${({ theme }) => theme.colors.inverse};
  color: ${({ theme }) => theme.colors.onInverse};
  font-weight: ${({ theme }) => theme.fontWeights.semibold};
  text-decoration: none;
  /* Off the screen until focused, and clipped so it never widens the page. */
  clip-path: inset(50%);
  white-space: nowrap;

  &:focus {
    clip-path: none;
  }
`;

/**
 * The first stop of the Tab key: jumps past the header to the page's main content. The target
 * must be focusable (`tabIndex={-1}`) so the next Tab continues from there.
 */
export function SkipLink({ target = 'main-content' }: { target?: string }) {
  const t = useCommonT();
  return (
    <Link
      href={`#${target}`}
      onClick={(event) => {
        // The routers own the URL hash; move focus instead of navigating.
        const main = document.getElementById(target);
        if (!main) return;
        event.preventDefault();
        main.focus();
        main.scrollIntoView();
      }}
    >
      {t('skipLink')}
    </Link>
  );
}
