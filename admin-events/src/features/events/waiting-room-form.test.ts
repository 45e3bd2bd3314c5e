import { describe, expect, it } from 'vitest';
import { waitingRoomSettingsSchema } from '@tdk/api/contract';
import { formValuesOf, inputOf } from './waiting-room-form';

describe('the waiting room form', () => {
  it('starts a new room with the defaults, on sale an hour from now in India time', () => {
    const values = formValuesOf(null, Date.parse('2030-01-01T04:00:00Z'));
    expect(values).toEqual({
      enabled: true,
      onSaleDate: '2030-01-01',
      onSaleTime: '10:30',
      ratePerMinute: '100',
      finishMinutes: '10',
      capPerEmail: '4',
      capPerPhone: '4',
      browsersPerAddress: '10',
    });
    expect(waitingRoomSettingsSchema.safeParse(inputOf(values)).success).toBe(true);
  });

  it('shows a saved room as it is, and sends what is typed for the contract to judge', () => {
    const values = formValuesOf({
      enabled: false,
      onSaleDate: '2030-02-01',
      onSaleTime: '09:00',
      onSaleAt: '2030-02-01T03:30:00.000Z',
      ratePerMinute: 250,
      finishMinutes: 8,
      capPerEmail: 2,
      capPerPhone: 3,
      browsersPerAddress: 20,
    });
    expect(inputOf({ ...values, ratePerMinute: '' }).ratePerMinute).toBeNaN();
    const parsed = waitingRoomSettingsSchema.safeParse(inputOf({ ...values, ratePerMinute: '' }));
    expect(parsed.success).toBe(false);
    expect(inputOf(values)).toMatchObject({ enabled: false, ratePerMinute: 250, capPerPhone: 3 });
  });
});
