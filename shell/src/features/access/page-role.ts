import type { NavItem, Role } from '@tdk/api/contract';

/** SPEC.md section 6: a protected page requires admin unless it says otherwise. */
export const DEFAULT_MIN_ROLE: Role = 'admin';

const matches = (pathname: string, itemPath: string) =>
  pathname === itemPath || (itemPath !== '/admin' && pathname.startsWith(`${itemPath}/`));

/** The minimum role of an admin page: that of the most specific nav entry covering its path. */
export function minimumRoleFor(pathname: string, nav: NavItem[]): Role {
  const path = pathname.replace(/\/+$/, '') || '/';
  const covering = nav.filter((item) => matches(path, item.path)).sort((a, b) => b.path.length - a.path.length);
  return covering[0]?.minRole ?? DEFAULT_MIN_ROLE;
}
