import type { NavItem, RemoteEntry } from '@tdk/api/contract';

type OrderedNavItem = NavItem & { order?: number };

/** The sidebar is the union of every admin remote's `nav`, so a team adds a page without the shell. */
export function collectNav(remotes: RemoteEntry[]): NavItem[] {
  const items = remotes.flatMap((remote) => remote.nav as OrderedNavItem[]);
  return items
    .map((item, index) => ({ item, index }))
    .sort((a, b) => (a.item.order ?? a.index) - (b.item.order ?? b.index))
    .map(({ item }) => item);
}
