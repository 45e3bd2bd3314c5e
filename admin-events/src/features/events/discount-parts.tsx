// What the event's group discounts and promo codes dialogs share (issue 25): the "Active" column,
// a switch for managers and words for everyone else, and the ticket types a rule or code is
// limited to, as checkboxes (none chosen: all of the event's).
import styled from 'styled-components';
import { Switch, type DataTableColumn } from '@tdk/shared-ui/admin';

/** The "Active" column: a switch named after the row for managers, "On" or "Off" for other roles. */
export function activeColumn<T extends { active: boolean }>({
  canWrite,
  pending,
  nameOf,
  onChange,
}: {
  canWrite: boolean;
  pending: boolean;
  nameOf: (row: T) => string;
  onChange: (row: T, active: boolean) => void;
}): DataTableColumn<T> {
  return {
    key: 'active',
    header: 'Active',
    render: (row) =>
      canWrite ? (
        <Switch
          aria-label={`${nameOf(row)} active`}
          checked={row.active}
          disabled={pending}
          onCheckedChange={(on) => onChange(row, on)}
        />
      ) : row.active ? (
        'On'
      ) : (
        'Off'
      ),
  };
}

/** The ticket types a discount is limited to: a fieldset of checkboxes, its message under them. */
export function TicketTypeChoice({
  types,
  value,
  onChange,
  error,
}: {
  types: readonly { id: number; name: string }[];
  value: readonly number[] | undefined;
  onChange: (ids: number[]) => void;
  error?: string;
}) {
  const chosen = value ?? [];
  return (
    <Types>
      <legend>Ticket types (none chosen: all of them)</legend>
      {types.map((type) => (
        <label key={type.id}>
          <input
            type="checkbox"
            checked={chosen.includes(type.id)}
            onChange={(e) => onChange(e.target.checked ? [...chosen, type.id] : chosen.filter((id) => id !== type.id))}
          />{' '}
          {type.name}
        </label>
      ))}
      {error && <span role="alert">{error}</span>}
    </Types>
  );
}

const Types = styled.fieldset`
  grid-column: 1 / -1;
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space.md};
  border: 0;
  padding: 0;
  margin: 0;

  legend {
    margin-bottom: ${({ theme }) => theme.space.xs};
    font-weight: ${({ theme }) => theme.fontWeights.medium};
  }
`;
