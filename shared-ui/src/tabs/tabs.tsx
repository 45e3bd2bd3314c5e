// The one tabs widget of the platform (the WAI-ARIA tabs pattern): arrow keys, Home and End move
// between tabs and select them, only the selected tab is in the Tab order, and each panel is
// labelled by its tab. Served as its own federated entry, `@tdk/shared-ui/tabs`, so a page without
// tabs does not load it (docs/decisions/006). Written here rather than on Radix's tabs since issue
// 26: the pattern is a roving tabindex and three keys, and Radix's collection, roving-focus and
// presence machinery was 10 KB of the event page's first load (decision 019).
import { useId, useRef, type KeyboardEvent, type ReactNode } from 'react';
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
  const list = useRef<HTMLDivElement>(null);
  const select = (next: V) => {
    if (next !== value) onValueChange(next);
  };
  // Arrow keys move round the tabs, Home and End to the ends; focus selects (automatic activation).
  const onKeyDown = (event: KeyboardEvent<HTMLButtonElement>, index: number) => {
    const last = items.length - 1;
    const to =
      event.key === 'ArrowRight'
        ? index === last
          ? 0
          : index + 1
        : event.key === 'ArrowLeft'
          ? index === 0
            ? last
            : index - 1
          : event.key === 'Home'
            ? 0
            : event.key === 'End'
              ? last
              : null;
    if (to === null) return;
    event.preventDefault();
    list.current?.querySelectorAll<HTMLButtonElement>('[role="tab"]')[to]?.focus();
  };
  return (
    <div className={className} data-orientation="horizontal">
      <List ref={list} role="tablist" aria-label={label} aria-orientation="horizontal" $variant={variant}>
        {items.map((item, index) => {
          const selected = item.value === value;
          return (
            <Trigger
              key={item.value}
              type="button"
              role="tab"
              id={tabId(item.value)}
              aria-selected={selected}
              aria-controls={panelId(item.value)}
              data-state={selected ? 'active' : 'inactive'}
              tabIndex={selected ? 0 : -1}
              $variant={variant}
              // A press selects at once (as Radix did), the main button only; a ctrl-click does nothing.
              onMouseDown={(event) => {
                if (event.button === 0 && !event.ctrlKey) select(item.value);
                else event.preventDefault();
              }}
              onFocus={() => select(item.value)}
              onKeyDown={(event) => onKeyDown(event, index)}
              onClick={() => select(item.value)}
            >
              {item.label}
            </Trigger>
          );
        })}
      </List>
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
    </div>
  );
}

type Variant = { $variant: 'pills' | 'underline' };

const List = styled.div<Variant>`
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

const Trigger = styled.button<Variant>`
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
