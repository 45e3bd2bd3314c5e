import type { MouseEvent } from 'react';
import styled from 'styled-components';
import { useLocation, useNavigate } from '@tdk/shared-ui/router';
import { LANGUAGES, LANGUAGE_LOCALES, LANGUAGE_NAMES, LANGUAGE_QUERY, type Language } from '@tdk/api/contract';
import { useCommonT } from './common';
import { useLanguage } from './language-context';

export interface LanguageSwitcherProps {
  /** 'light' on a dark background (the footer). */
  tone?: 'dark' | 'light';
  className?: string;
  /** The navigation's name, when a page has two switchers (names of landmarks must differ). */
  label?: string;
}

/**
 * English, हिन्दी, मराठी, each named in its own script. Each is a link to the same page with
 * `?lang=` (so it works before scripts run, and a shared link keeps the language); a click switches
 * in place, and the choice is remembered in the cookie the server reads (document-language.ts).
 */
export function LanguageSwitcher({ tone = 'dark', className, label }: LanguageSwitcherProps) {
  const t = useCommonT();
  const { language, setLanguage } = useLanguage();
  const location = useLocation();
  const navigate = useNavigate();

  const hrefFor = (next: Language) => {
    const params = new URLSearchParams(location.search);
    params.set(LANGUAGE_QUERY, next);
    return `${location.pathname}?${params.toString()}`;
  };

  const choose = (next: Language) => (event: MouseEvent<HTMLAnchorElement>) => {
    if (event.metaKey || event.ctrlKey || event.shiftKey || event.button !== 0) return;
    event.preventDefault();
    void setLanguage(next).then(() => {
      // A `?lang=` would outrank the remembered choice on the next visit: drop it.
      const params = new URLSearchParams(location.search);
      if (!params.has(LANGUAGE_QUERY)) return;
      params.delete(LANGUAGE_QUERY);
      const search = params.toString();
      navigate({ pathname: location.pathname, search: search ? `?${search}` : '', hash: location.hash }, { replace: true });
    });
  };

  return (
    <Root aria-label={label ?? t('language.label')} className={className} $tone={tone}>
      <ul>
        {LANGUAGES.map((option) => (
          <li key={option}>
            <a
              href={hrefFor(option)}
              lang={LANGUAGE_LOCALES[option]}
              hrefLang={LANGUAGE_LOCALES[option]}
              aria-current={option === language ? 'true' : undefined}
              onClick={choose(option)}
            >
              {LANGUAGE_NAMES[option]}
            </a>
          </li>
        ))}
      </ul>
    </Root>
  );
}

// Doubled (&&) so a layout's own rules for its lists and links (the footer's) do not win.
const Root = styled.nav<{ $tone: 'dark' | 'light' }>`
  && ul {
    display: flex;
    flex-wrap: wrap;
    gap: 2px;
    margin: 0;
    padding: 0;
    list-style: none;
  }

  && a {
    display: inline-flex;
    align-items: center;
    min-height: 32px;
    padding: 2px 8px;
    border-radius: ${({ theme }) => theme.radii.pill};
    color: ${({ theme, $tone }) => ($tone === 'light' ? theme.colors.onInverse : theme.colors.text)};
    font-size: ${({ theme }) => theme.fontSizes.sm};
    text-decoration: none;
    white-space: nowrap;
  }

  && a:hover {
    text-decoration: underline;
  }

  && a[aria-current='true'] {
    font-weight: ${({ theme }) => theme.fontWeights.bold};
    text-decoration: underline;
    text-underline-offset: 3px;
  }
`;
