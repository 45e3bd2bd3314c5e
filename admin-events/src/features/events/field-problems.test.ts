import { describe, expect, it } from 'vitest';
import { postponeEventSchema } from '@tdk/api/contract';
import { fieldProblems } from './field-problems';

describe('fieldProblems', () => {
  it("gives each field the contract's first message, and nothing for valid input", () => {
    expect(
      fieldProblems(postponeEventSchema, { date: '2030-02-20', time: '07:00', refundUntil: '2030-02-25', reason: '' }),
    ).toEqual({
      refundUntil: 'The refund deadline must be before the new date',
      reason: 'A reason is required',
    });
    expect(
      fieldProblems(postponeEventSchema, { date: '2030-02-20', time: '07:00', refundUntil: '2030-02-10', reason: 'Rain' }),
    ).toEqual({});
  });
});
