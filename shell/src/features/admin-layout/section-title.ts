import type { NavItem } from '@tdk/api/contract';

/** 'Analytics · TDK Sports' for /admin/analytics: the longest nav path that covers the page names it. */
export function adminPageTitle(pathname: string, nav: NavItem[], platformName: string): string {
  const covering = nav
    .filter((item) => pathname === item.path || pathname.startsWith(`${item.path}/`))
    .sort((a, b) => b.path.length - a.path.length)[0];
  return covering ? `${covering.label} · ${platformName}` : platformName;
}
