// The one tabs widget of the platform (WAI-ARIA tabs pattern, built on Radix): arrow keys, Home
// and End move between tabs and select them, only the selected tab is in the Tab order, and each
// panel is labelled by its tab. Served as its own federated entry, `@tdk/shared-ui/tabs`, so a
// page without tabs does not load it (docs/decisions/006).
import * as RadixTabs from '@radix-ui/react-tabs';
import { useId, type ReactNode } from 'react';
import styled, { css } from 'styled-components';

export interface TabItem<V extends string> {
  value: V;
  label: ReactNode;
  /** Rendered only while its tab is selected. */
  content: ReactNode;
}

export interface TabsProps<V extends string> {
  items: readonly TabItem<V>[];
  value: V;
  onValueChange: (value: V) => void;
  /** The accessible name of the tab list, e.g. 'Event sections'. */
  label: string;
  /** 'pills' (segmented control, the storefront) or 'underline' (admin screens). */
  variant?: 'pills' | 'underline';
  className?: string;
}

export function Tabs<V extends string>({ items, value, onValueChange, label, variant = 'underline', className }: TabsProps<V>) {
  const baseId = useId();
  const tabId = (of: V) => `${baseId}-tab-${of}`;
  const panelId = (of: V) => `${baseId}-panel-${of}`;
  return (
    <RadixTabs.Root value={value} onValueChange={(next) => onValueChange(next as V)} className={className}>
      <List aria-label={label} $variant={variant}>
        {items.map((item) => (
          <Trigger
            key={item.value}
            value={item.value}
            id={tabId(item.value)}
            aria-controls={panelId(item.value)}
            $variant={variant}
          >
            {item.label}
          </Trigger>
        ))}
      </List>
      {/* Panels of our own rather than Radix's: its panel reads the computed style of each one as
          it mounts (for exit animations we do not have), which forced a style calculation of the
          whole page inside React's commit of a page with tabs. */}
      {items.map((item) => {
        const selected = item.value === value;
        return (
          <Panel
            key={item.value}
            role="tabpanel"
            id={panelId(item.value)}
            aria-labelledby={tabId(item.value)}
            tabIndex={0}
            hidden={!selected}
            data-state={selected ? 'active' : 'inactive'}
          >
            {selected && item.content}
          </Panel>
        );
      })}
    </RadixTabs.Root>
  );
}

type Variant = { $variant: 'pills' | 'underline' };

const List = styled(RadixTabs.List)<Variant>`
  display: flex;
  ${({ theme, $variant }) =>
    $variant === 'pills'
      ? css`
          gap: ${theme.space.xs};
          margin-bottom: ${theme.space.xl};
          padding: ${theme.space.xs};
          border-radius: ${theme.radii.lg};
          background: ${theme.colors.surfaceSunken};
        `
      : css`
          gap: ${theme.space.xs};
          margin-bottom: ${theme.space.lg};
          border-bottom: 1px solid ${theme.colors.border};
          overflow-x: auto;
        `}
`;

const Trigger = styled(RadixTabs.Trigger)<Variant>`
  border: none;
  background: transparent;
  color: ${({ theme }) => theme.colors.textMuted};
  font: inherit;
  font-weight: ${({ theme }) => theme.fontWeights.semibold};
  cursor: pointer;

  ${({ theme, $variant }) =>
    $variant === 'pills'
      ? css`
          flex: 1;
          min-height: 42px;
          padding: 0 ${theme.space.md};
          border-radius: ${theme.radii.md};

          &[data-state='active'] {
            background: ${theme.colors.surface};
            color: ${theme.colors.primaryText};
            box-shadow: ${theme.shadows.sm};
          }
        `
      : css`
          flex: none;
          min-height: 44px;
          padding: 10px 16px;
          border-bottom: 3px solid transparent;
          white-space: nowrap;

          &[data-state='active'] {
            color: ${theme.colors.primaryText};
            border-bottom-color: ${theme.colors.primary};
          }
        `}

  &:hover:not([data-state='active']) {
    color: ${({ theme }) => theme.colors.text};
  }
  &:focus-visible {
    outline: 2px solid ${({ theme }) => theme.colors.focus};
    outline-offset: 2px;
  }
`;

const Panel = styled.div`
  &:focus-visible {
    outline: 2px solid ${({ theme }) => theme.colors.focus};
    outline-offset: 4px;
    border-radius: ${({ theme }) => theme.radii.md};
  }
`;
