// Which of a table's columns show (issue 27): a wide admin table keeps its actions and amounts in
// view at 1280 px by showing fewer columns by default; staff add the others back with the column
// chooser, and the choice stays on this browser. Pure logic here, the chooser in column-chooser.tsx.

/** A column as the chooser sees it. */
export interface ChoosableColumn {
  key: string;
  /** The column's name in the chooser (defaults to its header when that is text). */
  label?: string;
  header?: unknown;
  /** Staff may hide it ('shown') or show it ('hidden', the default state). Absent: always shown. */
  optional?: 'shown' | 'hidden';
}

/** Staff's own choices: column key → shown. A column they never touched keeps its default. */
export type ColumnChoice = Record<string, boolean>;

export const isShown = (column: ChoosableColumn, choice: ColumnChoice): boolean =>
  !column.optional || (choice[column.key] ?? column.optional === 'shown');

export const shownColumns = <C extends ChoosableColumn>(columns: readonly C[], choice: ColumnChoice): C[] =>
  columns.filter((column) => isShown(column, choice));

export const columnLabel = (column: ChoosableColumn): string =>
  column.label ?? (typeof column.header === 'string' ? column.header : column.key);

/** A stored choice, read defensively: anything but a map of booleans is no choice. */
export function choiceOf(stored: unknown): ColumnChoice {
  if (!stored || typeof stored !== 'object' || Array.isArray(stored)) return {};
  return Object.fromEntries(Object.entries(stored).filter((entry): entry is [string, boolean] => typeof entry[1] === 'boolean'));
}
