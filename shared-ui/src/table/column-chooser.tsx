import { useEffect, useId, useRef, type ReactNode } from 'react';
import styled from 'styled-components';
import { Button, useLocalStorageState } from '@tdk/shared-ui';
import { choiceOf, columnLabel, isShown, shownColumns, type ChoosableColumn, type ColumnChoice } from './column-choice';

/** The width a column needs before the table scrolls sideways, in CSS pixels. */
const COLUMN_MIN_WIDTH = 110;

/**
 * A wide table's column chooser: `columns` as staff chose them (the defaults until they choose),
 * and the 'Columns' control to put where the table's filters are. The choice is kept per table
 * (`id`) in this browser, and the table's `minWidth` for the columns shown.
 */
export function useColumnChooser<C extends ChoosableColumn>(
  id: string,
  columns: readonly C[],
): { columns: C[]; chooser: ReactNode; minWidth: number } {
  const [stored, setStored, reset] = useLocalStorageState<unknown>(`tdk.columns.${id}`, {});
  const choice = choiceOf(stored);
  const shown = shownColumns(columns, choice);
  return {
    columns: shown,
    // Past this width the table scrolls inside its frame instead of squeezing every column.
    minWidth: shown.length * COLUMN_MIN_WIDTH,
    chooser: (
      <ColumnChooser
        columns={columns}
        choice={choice}
        onChange={(key, shown) => setStored({ ...choice, [key]: shown })}
        onReset={reset}
      />
    ),
  };
}

function ColumnChooser({
  columns,
  choice,
  onChange,
  onReset,
}: {
  columns: readonly ChoosableColumn[];
  choice: ColumnChoice;
  onChange: (key: string, shown: boolean) => void;
  onReset: () => void;
}) {
  const details = useRef<HTMLDetailsElement>(null);
  const panelId = useId();
  const shown = columns.filter((column) => isShown(column, choice)).length;

  // Closes on a press outside it, as a menu does; Escape closes it and gives the keyboard back.
  useEffect(() => {
    const onPointerDown = (event: PointerEvent) => {
      if (details.current?.open && !details.current.contains(event.target as Node)) details.current.open = false;
    };
    document.addEventListener('pointerdown', onPointerDown);
    return () => document.removeEventListener('pointerdown', onPointerDown);
  }, []);

  return (
    <Chooser
      ref={details}
      data-testid="column-chooser"
      onKeyDown={(event) => {
        if (event.key !== 'Escape' || !details.current?.open) return;
        event.preventDefault();
        details.current.open = false;
        details.current.querySelector('summary')?.focus();
      }}
    >
      <Button as="summary" variant="outline" size="sm" aria-controls={panelId}>
        Columns ({shown} of {columns.length})
      </Button>
      <Panel id={panelId} role="group" aria-label="Columns shown">
        {columns.map((column) => (
          <label key={column.key}>
            <input
              type="checkbox"
              checked={isShown(column, choice)}
              disabled={!column.optional}
              onChange={(event) => onChange(column.key, event.target.checked)}
            />
            {columnLabel(column)}
            {!column.optional && <small>always shown</small>}
          </label>
        ))}
        <Button variant="ghost" size="sm" onClick={onReset}>
          Back to the default columns
        </Button>
      </Panel>
    </Chooser>
  );
}

const Chooser = styled.details`
  position: relative;

  & > summary {
    list-style: none;
    cursor: pointer;
  }
  & > summary::-webkit-details-marker {
    display: none;
  }
`;

const Panel = styled.div`
  position: absolute;
  top: calc(100% + 4px);
  right: 0;
  z-index: ${({ theme }) => theme.zIndices.dropdown};
  display: grid;
  gap: 2px;
  min-width: 240px;
  padding: ${({ theme }) => theme.space.sm};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radii.md};
  background: ${({ theme }) => theme.colors.surface};
  box-shadow: ${({ theme }) => theme.shadows.md};
  font-size: ${({ theme }) => theme.fontSizes.sm};

  label {
    display: flex;
    align-items: center;
    gap: ${({ theme }) => theme.space.sm};
    min-height: 32px;
    padding: 0 ${({ theme }) => theme.space.xs};
    cursor: pointer;
  }
  label:has(input:disabled) {
    color: ${({ theme }) => theme.colors.textMuted};
    cursor: default;
  }
  input {
    width: 16px;
    height: 16px;
    accent-color: ${({ theme }) => theme.colors.primary};
  }
  small {
    margin-left: auto;
    color: ${({ theme }) => theme.colors.textMuted};
  }
`;
