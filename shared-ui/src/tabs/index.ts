// @tdk/shared-ui/tabs: a federated entry of its own (see tabs.tsx).
export { Tabs } from './tabs';
export type { TabItem, TabsProps } from './tabs';
