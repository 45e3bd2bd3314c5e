import { describe, expect, it } from 'vitest';
import { columnLabel, choiceOf, shownColumns } from './column-choice';

const columns = [
  { key: 'number', header: 'Ticket #' },
  { key: 'booking', header: 'Booking', optional: 'hidden' as const },
  { key: 'date', header: 'Date', optional: 'shown' as const },
  { key: 'actions', header: 'Actions' },
];
const keys = (list: { key: string }[]) => list.map((column) => column.key);

describe('column choice', () => {
  it('shows every column but the ones hidden by default when staff chose nothing', () => {
    expect(keys(shownColumns(columns, {}))).toEqual(['number', 'date', 'actions']);
  });

  it("follows staff's choice for optional columns and never hides a required one", () => {
    expect(keys(shownColumns(columns, { booking: true, date: false, actions: false }))).toEqual(['number', 'booking', 'actions']);
  });

  it('reads a stored choice, and treats anything else as no choice', () => {
    expect(choiceOf({ booking: true, date: false })).toEqual({ booking: true, date: false });
    expect(choiceOf({ booking: 'yes', date: false })).toEqual({ date: false });
    expect(choiceOf([true])).toEqual({});
    expect(choiceOf('not a map')).toEqual({});
    expect(choiceOf(null)).toEqual({});
  });

  it('names a column by its label, its text header or its key', () => {
    expect(columnLabel({ key: 'image', label: 'Image', header: null })).toBe('Image');
    expect(columnLabel({ key: 'title', header: 'Event Name' })).toBe('Event Name');
    expect(columnLabel({ key: 'title', header: { type: 'button' } })).toBe('title');
  });
});
