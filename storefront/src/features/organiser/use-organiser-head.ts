import { organiserDescription, type OrganiserPage } from '@tdk/api/contract';
import { useConfig } from '@tdk/shared-ui';
import { usePageHead } from '../layout/use-page-head';
import { usePageT } from '../page-messages/i18n';

/** The organiser page's title and meta description, as the API wrote them into the page it served. */
export function useOrganiserHead(organiser: OrganiserPage | undefined) {
  const t = usePageT();
  const { platformName } = useConfig();
  const name = organiser?.displayName ?? '';
  usePageHead(
    organiser && {
      title: t('organiser.documentTitle', { name, platformName }),
      description: organiserDescription(organiser.about, t('organiser.description', { name, platformName })),
    },
  );
}
