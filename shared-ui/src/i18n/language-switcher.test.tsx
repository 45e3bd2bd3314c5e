import { afterEach, describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { MemoryRouter, useLocation } from 'react-router-dom';
import { LanguageProvider, useLanguage, useT } from './language-context';
import { LanguageSwitcher } from './language-switcher';
import { registerCatalogues } from './catalogues';
import { renderWithTheme as render } from '../test/render';

registerCatalogues('switcher-test', {
  en: { greeting: 'Find your next sports event' },
  hi: async () => ({ greeting: 'अपना अगला खेल इवेंट खोजें' }),
  mr: async () => ({ greeting: 'आपला पुढचा क्रीडा कार्यक्रम शोधा' }),
});

function Page() {
  const t = useT('switcher-test');
  const { language } = useLanguage();
  const location = useLocation();
  return (
    <>
      <h1>{t('greeting')}</h1>
      <p data-testid="where">{`${language} ${location.pathname}${location.search}`}</p>
      <LanguageSwitcher />
    </>
  );
}

afterEach(() => {
  document.cookie = 'tdk_lang=; Max-Age=0; Path=/';
  document.documentElement.removeAttribute('lang');
  delete document.documentElement.dataset.language;
});

describe('LanguageSwitcher', () => {
  it('names each language in its own script, as links to the same page with ?lang=', () => {
    render(
      <MemoryRouter initialEntries={['/events?city=Pune']}>
        <LanguageProvider>
          <Page />
        </LanguageProvider>
      </MemoryRouter>,
    );
    const nav = screen.getByRole('navigation', { name: 'Language' });
    expect(nav.querySelectorAll('a')).toHaveLength(3);
    expect(screen.getByRole('link', { name: 'English' }).getAttribute('aria-current')).toBe('true');
    expect(screen.getByRole('link', { name: 'हिन्दी' }).getAttribute('href')).toBe('/events?city=Pune&lang=hi');
    expect(screen.getByRole('link', { name: 'मराठी' }).getAttribute('lang')).toBe('mr-IN');
  });

  it('switches in place: the messages, <html lang>, the Devanagari font and the cookie the server reads', async () => {
    render(
      <MemoryRouter initialEntries={['/?lang=en']}>
        <LanguageProvider>
          <Page />
        </LanguageProvider>
      </MemoryRouter>,
    );
    fireEvent.click(screen.getByRole('link', { name: 'हिन्दी' }));
    expect(await screen.findByRole('heading', { name: 'अपना अगला खेल इवेंट खोजें' })).toBeTruthy();
    expect(document.documentElement.lang).toBe('hi-IN');
    expect(document.cookie).toContain('tdk_lang=hi');
    expect(document.getElementById('tdk-devanagari-font')?.textContent).toContain("font-family:'TDK Devanagari'");
    // The URL's ?lang= would outrank the choice on the next visit: it goes.
    await waitFor(() => expect(screen.getByTestId('where').textContent).toBe('hi /'));
  });

  it('switches only its own part of the page under a fixed language (the gate screen)', async () => {
    let chosen = '';
    render(
      <MemoryRouter>
        <LanguageProvider language="en" onLanguageChange={(next) => (chosen = next)}>
          <Page />
        </LanguageProvider>
      </MemoryRouter>,
    );
    fireEvent.click(screen.getByRole('link', { name: 'मराठी' }));
    await waitFor(() => expect(chosen).toBe('mr'));
    expect(document.cookie).not.toContain('tdk_lang=mr');
  });
});
