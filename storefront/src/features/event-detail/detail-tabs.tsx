import type { ReactNode } from 'react';
import styled from 'styled-components';
import { Tabs } from '@tdk/shared-ui/tabs';
import { useStorefrontT } from '../i18n';

export type DetailTab = 'details' | 'tickets' | 'register';

export interface TabSpec {
  id: DetailTab;
  label: string;
  panel: ReactNode;
}

/** The event page's three sections, as the platform's tabs widget (arrow keys, Home, End). */
export function DetailTabs({
  tabs,
  active,
  onChange,
}: {
  tabs: TabSpec[];
  active: DetailTab;
  onChange: (tab: DetailTab) => void;
}) {
  const t = useStorefrontT();
  return (
    <SectionTabs
      label={t('detail.sections')}
      variant="pills"
      value={active}
      onValueChange={onChange}
      items={tabs.map((tab) => ({ value: tab.id, label: tab.label, content: tab.panel }))}
    />
  );
}

// Scrolled to from the booking bar: clear of the header where the header is sticky (tablets up).
const SectionTabs = styled(Tabs)`
  [role='tablist'] {
    scroll-margin-top: calc(${({ theme }) => theme.layout.headerHeight} + 16px);
  }
` as typeof Tabs;
