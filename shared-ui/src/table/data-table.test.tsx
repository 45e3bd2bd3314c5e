import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import { renderWithTheme } from '../test/render';
import { DataTable, type DataTableColumn } from './data-table';

interface Row {
  id: number;
  name: string;
  amount: number;
}

const columns: DataTableColumn<Row>[] = [
  { key: 'name', header: 'Participant' },
  { key: 'amount', header: 'Amount', align: 'right', render: (row) => `₹${row.amount}` },
];

describe('DataTable', () => {
  it('renders a semantic table with headers and cells', () => {
    renderWithTheme(
      <DataTable
        caption="All Registrations"
        columns={columns}
        rows={[
          { id: 1, name: 'Priya Sharma', amount: 499 },
          { id: 2, name: 'Arjun Rao', amount: 999 },
        ]}
        getRowKey={(r) => r.id}
      />,
    );
    const table = screen.getByRole('table', { name: 'All Registrations' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((th) => th.textContent),
    ).toEqual(['Participant', 'Amount']);
    const rows = within(table).getAllByRole('row');
    expect(rows).toHaveLength(3);
    expect(
      within(rows[1]!)
        .getAllByRole('cell')
        .map((td) => td.textContent),
    ).toEqual(['Priya Sharma', '₹499']);
    // The scroll container is a labelled, focusable region so keyboard users can scroll it.
    const region = screen.getByRole('region', { name: 'All Registrations' });
    expect(region.getAttribute('tabindex')).toBe('0');
  });

  it('shows skeleton rows while loading, not the empty state', () => {
    renderWithTheme(
      <DataTable columns={columns} rows={[]} getRowKey={(r) => r.id} loading loadingRows={3} emptyTitle="Nothing" />,
    );
    expect(screen.getAllByTestId('skeleton-row')).toHaveLength(3);
    expect(screen.getByRole('table').getAttribute('aria-busy')).toBe('true');
    expect(screen.queryByText('Nothing')).toBeNull();
  });

  it('shows the empty title and message when there are no rows', () => {
    renderWithTheme(
      <DataTable
        columns={columns}
        rows={[]}
        getRowKey={(r) => r.id}
        emptyTitle="No registrations found."
        emptyMessage="Registrations will appear here once participants register for events."
      />,
    );
    expect(screen.getByText('No registrations found.')).toBeTruthy();
    expect(screen.getByText('Registrations will appear here once participants register for events.')).toBeTruthy();
    expect(screen.queryAllByTestId('skeleton-row')).toHaveLength(0);
  });
});
