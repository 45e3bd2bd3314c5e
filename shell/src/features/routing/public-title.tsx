import { useEffect } from 'react';
import { useLocation } from '@tdk/shared-ui/router';
import { useCommonT, useConfig } from '@tdk/shared-ui';
import { ADMIN_BASE } from '../registry/route-paths';

/** Public pages carry the platform name from Settings as their title, in the page's language (the admin layout names its sections). */
export function usePublicTitle() {
  const { pathname } = useLocation();
  const { platformName } = useConfig();
  const t = useCommonT();
  useEffect(() => {
    if (pathname !== ADMIN_BASE && !pathname.startsWith(`${ADMIN_BASE}/`)) document.title = t('page.title', { platformName });
  }, [pathname, platformName, t]);
}
