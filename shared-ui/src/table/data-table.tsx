import { useId, type Key, type ReactNode } from 'react';
import styled, { css } from 'styled-components';
import { EmptyState, Skeleton, VisuallyHidden } from '@tdk/shared-ui';
import type { ChoosableColumn } from './column-choice';

export type ColumnAlign = 'left' | 'center' | 'right';

export interface DataTableColumn<T> extends ChoosableColumn {
  key: string;
  header: ReactNode;
  /** Cell content; without it the cell shows `row[key]`. */
  render?: (row: T, index: number) => ReactNode;
  align?: ColumnAlign;
  /** CSS width of the column, e.g. 120 or '20%'. */
  width?: number | string;
  /** 'end': stays at the right edge while the table scrolls sideways (a row's actions). */
  sticky?: 'end';
}

export interface DataTableProps<T> {
  columns: DataTableColumn<T>[];
  rows: readonly T[];
  getRowKey: (row: T, index: number) => Key;
  loading?: boolean;
  /** Number of skeleton rows while loading (default 5). */
  loadingRows?: number;
  emptyTitle?: ReactNode;
  emptyMessage?: ReactNode;
  emptyAction?: ReactNode;
  /** The table's caption, shown above it (or only to screen readers with `hideCaption`). */
  caption?: ReactNode;
  hideCaption?: boolean;
  /** Below this width the table scrolls sideways instead of squeezing (default 720px). */
  minWidth?: number;
  className?: string;
}

const Frame = styled.div`
  min-width: 0;
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radii.lg};
  background: ${({ theme }) => theme.colors.surface};
  box-shadow: ${({ theme }) => theme.shadows.xs};
  overflow: hidden;
`;

const CaptionBar = styled.div`
  padding: ${({ theme }) => `${theme.space.lg} ${theme.space.lg}`};
  border-bottom: 1px solid ${({ theme }) => theme.colors.border};
  color: ${({ theme }) => theme.colors.text};
  font-size: ${({ theme }) => theme.fontSizes.lg};
  font-weight: ${({ theme }) => theme.fontWeights.bold};
`;

const Scroller = styled.div`
  /* The containing block of the visually hidden caption: without it, that 1 px box sits at its
     place inside the wide table and makes the whole page scroll sideways on a phone. */
  position: relative;
  width: 100%;
  /* Its visible width is what the empty state measures itself by (EmptyFrame). */
  container-type: inline-size;
  overflow-x: auto;
  overscroll-behavior-x: contain;
  -webkit-overflow-scrolling: touch;

  &:focus-visible {
    outline-offset: -3px;
  }
`;

const Table = styled.table<{ $minWidth: number }>`
  width: 100%;
  min-width: ${({ $minWidth }) => $minWidth}px;
  border-collapse: collapse;
  font-size: ${({ theme }) => theme.fontSizes.sm};
`;

// A column kept at the right edge: its own background over what scrolls under it, and a line.
const stickyEnd = css`
  position: sticky;
  right: 0;
  z-index: 1;
  box-shadow: inset 1px 0 0 ${({ theme }) => theme.colors.border};
`;

// Cells sit 12 px apart on each side (the table has many columns to fit at 1280 px); the first and
// last keep 16 px from the frame.
const edgeInset = css`
  &:first-child {
    padding-left: ${({ theme }) => theme.space.lg};
  }
  &:last-child {
    padding-right: ${({ theme }) => theme.space.lg};
  }
`;

const Th = styled.th<{ $align: ColumnAlign; $sticky?: boolean }>`
  padding: 10px ${({ theme }) => theme.space.md};
  border-bottom: 1px solid ${({ theme }) => theme.colors.border};
  background: ${({ theme }) => theme.colors.surfaceMuted};
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: ${({ theme }) => theme.fontSizes.xs};
  font-weight: ${({ theme }) => theme.fontWeights.bold};
  letter-spacing: 0.04em;
  text-align: ${({ $align }) => $align};
  text-transform: uppercase;
  white-space: nowrap;
  ${edgeInset}
  ${({ $sticky }) => $sticky && stickyEnd}
`;

const Td = styled.td<{ $align: ColumnAlign; $sticky?: boolean }>`
  padding: 12px ${({ theme }) => theme.space.md};
  ${edgeInset}
  ${({ $sticky, theme }) =>
    $sticky &&
    css`
      ${stickyEnd}
      background: ${theme.colors.surface};
    `}
  border-bottom: 1px solid ${({ theme }) => theme.colors.border};
  color: ${({ theme }) => theme.colors.text};
  text-align: ${({ $align }) => $align};
  vertical-align: middle;

  /* Skeletons are blocks, so text-align does not move them; margins do. */
  & > [data-testid='skeleton'] {
    margin-left: ${({ $align }) => ($align === 'left' ? '0' : 'auto')};
    margin-right: ${({ $align }) => ($align === 'right' ? '0' : $align === 'center' ? 'auto' : '0')};
  }
`;

const Tr = styled.tr`
  transition: background-color ${({ theme }) => theme.transitions.fast};

  tbody &:last-child > td {
    border-bottom: none;
  }
  tbody &:hover > td {
    background: #fafbfc;
  }
`;

const EmptyCell = styled.td`
  padding: 0;
`;

/**
 * The empty state as wide as the frame's visible part and held at its left edge: centred across a
 * table wider than a phone, its words sat beyond the right edge, out of sight.
 */
const EmptyFrame = styled.div`
  position: sticky;
  left: 0;
  width: 100cqw;
`;

function cellValue<T>(row: T, key: string): ReactNode {
  const value = (row as Record<string, unknown>)[key];
  if (value === null || value === undefined) return '';
  if (typeof value === 'string' || typeof value === 'number') return value;
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  return String(value);
}

const widthCss = (w: number | string | undefined) => (typeof w === 'number' ? `${w}px` : w);

/**
 * A semantic table for admin lists. It scrolls sideways inside its frame on narrow screens (the
 * scroller is focusable so keyboard users can scroll it too), shows skeleton rows while loading
 * and an empty state when there are no rows.
 */
export function DataTable<T>({
  columns,
  rows,
  getRowKey,
  loading = false,
  loadingRows = 5,
  emptyTitle = 'No results found',
  emptyMessage,
  emptyAction,
  caption,
  hideCaption = false,
  minWidth = 720,
  className,
}: DataTableProps<T>) {
  const captionId = useId();
  const showCaptionBar = caption !== undefined && caption !== null && !hideCaption;
  const isEmpty = !loading && rows.length === 0;

  return (
    <Frame className={className}>
      {showCaptionBar && <CaptionBar id={captionId}>{caption}</CaptionBar>}
      <Scroller
        role="region"
        tabIndex={0}
        aria-labelledby={showCaptionBar ? captionId : undefined}
        aria-label={showCaptionBar ? undefined : typeof caption === 'string' ? caption : 'Table'}
      >
        <Table $minWidth={minWidth} aria-busy={loading || undefined} aria-labelledby={showCaptionBar ? captionId : undefined}>
          {caption !== undefined && caption !== null && hideCaption && (
            <caption>
              <VisuallyHidden>{caption}</VisuallyHidden>
            </caption>
          )}
          <colgroup>
            {columns.map((col) => (
              <col key={col.key} style={col.width !== undefined ? { width: widthCss(col.width) } : undefined} />
            ))}
          </colgroup>
          <thead>
            <tr>
              {columns.map((col) => (
                <Th key={col.key} scope="col" $align={col.align ?? 'left'} $sticky={col.sticky === 'end'}>
                  {col.header}
                </Th>
              ))}
            </tr>
          </thead>
          <tbody>
            {loading &&
              Array.from({ length: Math.max(1, loadingRows) }, (_, i) => (
                <Tr key={`skeleton-${i}`} data-testid="skeleton-row">
                  {columns.map((col, c) => (
                    <Td key={col.key} $align={col.align ?? 'left'}>
                      {i === 0 && c === 0 && <VisuallyHidden>Loading…</VisuallyHidden>}
                      <Skeleton width={`${60 + ((i * 7 + c * 13) % 35)}%`} height="0.9rem" />
                    </Td>
                  ))}
                </Tr>
              ))}
            {isEmpty && (
              <tr>
                <EmptyCell colSpan={columns.length}>
                  <EmptyFrame>
                    <EmptyState compact title={emptyTitle} message={emptyMessage} action={emptyAction} />
                  </EmptyFrame>
                </EmptyCell>
              </tr>
            )}
            {!loading &&
              rows.map((row, index) => (
                <Tr key={getRowKey(row, index)}>
                  {columns.map((col) => (
                    <Td key={col.key} $align={col.align ?? 'left'} $sticky={col.sticky === 'end'}>
                      {col.render ? col.render(row, index) : cellValue(row, col.key)}
                    </Td>
                  ))}
                </Tr>
              ))}
          </tbody>
        </Table>
      </Scroller>
    </Frame>
  );
}
