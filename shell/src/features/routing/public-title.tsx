import { useEffect } from 'react';
import { useLocation } from '@tdk/shared-ui/router';
import { useConfig } from '@tdk/shared-ui';
import { ADMIN_BASE } from '../registry/route-paths';

/** Public pages carry the platform name from Settings as their title (the admin layout names its sections). */
export function PublicTitle() {
  const { pathname } = useLocation();
  const { platformName } = useConfig();
  useEffect(() => {
    if (pathname !== ADMIN_BASE && !pathname.startsWith(`${ADMIN_BASE}/`)) document.title = platformName;
  }, [pathname, platformName]);
  return null;
}
