import type { NavItem, RemoteEntry, Role, StaffUser } from '@tdk/api/contract';

type OrderedNavItem = NavItem & { order?: number };

/** The sidebar is the union of every admin remote's `nav`, so a team adds a page without the shell. */
export function collectNav(remotes: RemoteEntry[]): NavItem[] {
  const items = remotes.flatMap((remote) => remote.nav as OrderedNavItem[]);
  return items
    .map((item, index) => ({ item, index }))
    .sort((a, b) => (a.item.order ?? a.index) - (b.item.order ?? b.index))
    .map(({ item }) => item);
}

/**
 * Whether the signed-in member sees a nav item: its minRole, and for an item that names
 * platformRoles (decision 052) one of those platform roles. The page itself still answers for
 * whoever reaches it; this only keeps the sidebar to what each member can use.
 */
export function canSeeNavItem(item: NavItem, user: Pick<StaffUser, 'platformRole'> | null, hasRole: (minRole: Role) => boolean) {
  if (!hasRole(item.minRole)) return false;
  return !item.platformRoles || (user?.platformRole != null && item.platformRoles.includes(user.platformRole));
}
