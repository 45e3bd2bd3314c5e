import { useEffect } from 'react';
import { organiserDescription, type OrganiserPage } from '@tdk/api/contract';
import { useConfig } from '@tdk/shared-ui';
import { usePageT } from '../page-messages/i18n';

/**
 * The organiser page's title and meta description, the words the API wrote into the page it served
 * (html/first-screen.ts), kept when the visitor arrives here in the browser or changes language.
 * Set after the shell's own title for a public page (a parent's effect runs after this one), and
 * the shell's description put back on leaving.
 */
export function useOrganiserHead(organiser: OrganiserPage | undefined) {
  const t = usePageT();
  const { platformName } = useConfig();
  useEffect(() => {
    if (!organiser) return;
    const name = organiser.displayName;
    const meta = document.querySelector<HTMLMetaElement>('meta[name="description"]');
    // The shell's description: kept aside by the API over a page it served (data-shell-content).
    if (meta && meta.dataset.shellContent === undefined) meta.dataset.shellContent = meta.content;
    const timer = setTimeout(() => {
      document.title = t('organiser.documentTitle', { name, platformName });
      meta?.setAttribute('content', organiserDescription(organiser.about, t('organiser.description', { name, platformName })));
    }, 0);
    return () => {
      clearTimeout(timer);
      if (meta?.dataset.shellContent !== undefined) meta.setAttribute('content', meta.dataset.shellContent);
    };
  }, [organiser, platformName, t]);
}
