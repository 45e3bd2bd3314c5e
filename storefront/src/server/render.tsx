// The storefront drawn on the server (decision 016): the API calls this, per visit, for a public
// page, and writes the HTML and its styles into the page it serves, so the first screen paints
// before any script has run. React then takes over in the browser (shell bootstrap.tsx).
import { renderToString } from 'react-dom/server';
import { StaticRouter } from 'react-router-dom';
import { ServerStyleSheet } from 'styled-components';
import { PlatformProvider, RemoteSlot } from '@tdk/shared-ui';
import { DEFAULT_LANGUAGE, type Language } from '@tdk/api/contract';
import App, { prepareFirstScreen } from '../app';
import { RememberedCityOnServer } from '../features/city/use-selected-city';

export interface FirstScreenRequest {
  /** Path and query of the page, e.g. '/events?city=Pune'. */
  url: string;
  /** The first screen's public GET answers by request key, as written into the page. */
  responses: Record<string, unknown>;
  /** The city choice the visitor's cookie remembers (checked by the API), if any. */
  rememberedCity?: string;
  /** The visitor's language (the API's `resolveLanguage`); English when absent. */
  language?: Language;
}

export interface FirstScreen {
  /** What goes inside #root: the shell's slot for this remote, and the page. */
  html: string;
  /** The page's styles, as <style> elements. */
  styles: string;
}

export async function renderFirstScreen({
  url,
  responses,
  rememberedCity,
  language = DEFAULT_LANGUAGE,
}: FirstScreenRequest): Promise<FirstScreen> {
  await prepareFirstScreen(new URL(url, 'http://first-screen.invalid').pathname, language);
  const sheet = new ServerStyleSheet();
  try {
    // The shell's outlet around the remote (remote-outlet.tsx), so React's first commit matches.
    const html = renderToString(
      sheet.collectStyles(
        // What this request brings (its answers, its city, its language) through context, never
        // module variables: drawings cannot mix.
        <PlatformProvider language={language} firstScreenResponses={responses}>
          <RememberedCityOnServer value={rememberedCity}>
            <StaticRouter location={url}>
              <RemoteSlot name="storefront">
                <App />
              </RemoteSlot>
            </StaticRouter>
          </RememberedCityOnServer>
        </PlatformProvider>,
      ),
    );
    return { html, styles: sheet.getStyleTags() };
  } finally {
    sheet.seal();
  }
}
