import { describe, expect, it } from 'vitest';
import { describeDetail, fieldLabel, valueText } from './audit-detail';

describe('describeDetail', () => {
  it('lists each changed field with its before and after, in words', () => {
    expect(
      describeDetail({
        changes: {
          maxParticipants: { from: 300, to: 350 },
          emailNotifications: { from: true, to: false },
          highlights: { from: [], to: ['Timing chips', 'Medal'] },
          description: { from: '', to: 'A swim.' },
        },
      }),
    ).toEqual([
      { field: 'Max participants', from: '300', to: '350' },
      { field: 'Email notifications', from: 'Yes', to: 'No' },
      { field: 'Highlights', from: '(none)', to: 'Timing chips, Medal' },
      { field: 'Description', from: '(empty)', to: 'A swim.' },
    ]);
  });

  it('keeps the other facts an entry holds, a change among them, and summarises a deletion', () => {
    expect(
      describeDetail({
        title: 'Pune Hill Run',
        status: { from: 'Draft', to: 'Active' },
        snapshot: { event: { id: 4 }, tickets: [{}, {}], registrations: [{}] },
      }),
    ).toEqual([
      { field: 'Title', from: 'Pune Hill Run' },
      { field: 'Status', from: 'Draft', to: 'Active' },
      { field: 'Removed', from: 'the record, with 2 tickets and 1 registrations' },
    ]);
    expect(describeDetail(null)).toEqual([]);
  });

  it('shortens a long value', () => {
    expect(valueText('x'.repeat(500))).toHaveLength(120);
    expect(valueText({ a: 'y'.repeat(300) }).endsWith('…')).toBe(true);
    expect(fieldLabel('refund_speed')).toBe('Refund speed');
  });
});
