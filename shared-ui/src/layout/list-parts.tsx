import styled from 'styled-components';
import { Button } from '@tdk/shared-ui';

// Small pieces every admin list screen and its dialogs share, so the sections look alike and no
// remote restyles them.

/** The row above a table: the search box first (it takes the room), then counts or switches. */
export const ListToolbar = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  justify-content: space-between;
  gap: ${({ theme }) => theme.space.md};
  margin: ${({ theme }) => theme.space.lg} 0 ${({ theme }) => theme.space.md};
  color: ${({ theme }) => theme.colors.textMuted};

  > :first-child {
    flex: 1 1 260px;
    max-width: 420px;
  }
`;

/** The buttons of a table row's Actions cell. */
export const CellActions = styled.span`
  display: inline-flex;
  gap: 4px;
`;

/** Cell text that must stay on one line (dates, amounts). */
export const NoWrap = styled.span`
  white-space: nowrap;
`;

/** A load failure above a table (the toast says it too). */
export const ListError = styled.p`
  color: ${({ theme }) => theme.colors.dangerHover};
`;

/** Label–value pairs in a detail dialog: wrap the `<dt>`/`<dd>` pairs in it. */
export const DetailList = styled.dl`
  margin: 0;
  display: grid;
  grid-template-columns: minmax(120px, 160px) 1fr;
  gap: 6px ${({ theme }) => theme.space.md};

  dt {
    color: ${({ theme }) => theme.colors.textMuted};
  }
  dd {
    margin: 0;
    overflow-wrap: anywhere;
  }
`;

export interface RowActionButtonsProps {
  /** What the row is called, for the buttons' accessible names ('Edit Pune Hill Run'). */
  name: string;
  onView: () => void;
  /** Absent for a role that may not change the row: no Edit and no Delete. */
  onEdit?: () => void;
  onDelete?: () => void;
}

/** View, Edit and Delete of a list row (SPEC.md section 2's actions), labelled with the row's name. */
export function RowActionButtons({ name, onView, onEdit, onDelete }: RowActionButtonsProps) {
  return (
    <CellActions>
      <Button size="sm" variant="ghost" onClick={onView} aria-label={`View ${name}`}>
        View
      </Button>
      {onEdit && (
        <Button size="sm" variant="ghost" onClick={onEdit} aria-label={`Edit ${name}`}>
          Edit
        </Button>
      )}
      {onDelete && (
        <Button size="sm" variant="ghost" onClick={onDelete} aria-label={`Delete ${name}`}>
          Delete
        </Button>
      )}
    </CellActions>
  );
}
