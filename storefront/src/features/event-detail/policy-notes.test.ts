import { describe, expect, it } from 'vitest';
import { policyNotes } from './policy-notes';

const TODAY = '2026-11-24';

describe('policyNotes: what the event page promises after the sale', () => {
  it('says neither cancelling nor transferring is possible when the event allows neither', () => {
    expect(policyNotes(undefined, null, TODAY)).toEqual([{ key: 'notice.noCancel' }, { key: 'notice.noTransfer' }]);
    expect(policyNotes({ cancel: null, transfer: null, changeDetails: null }, null, TODAY)).toEqual([
      { key: 'notice.noCancel' },
      { key: 'notice.noTransfer' },
    ]);
  });

  it('names the deadline and the fee kept when cancelling is allowed', () => {
    expect(policyNotes({ cancel: { daysBefore: 3, feePercent: 10 } }, null, TODAY)[0]).toEqual({
      key: 'notice.cancelWithFee',
      values: { count: 3, fee: 10 },
    });
  });

  it('promises a full refund when cancelling costs nothing', () => {
    expect(policyNotes({ cancel: { daysBefore: 0, feePercent: 0 } }, null, TODAY)[0]).toEqual({
      key: 'notice.cancelFree',
      values: { count: 0 },
    });
  });

  it('names the transfer deadline in hours', () => {
    expect(policyNotes({ transfer: { hoursBefore: 24 } }, null, TODAY)[1]).toEqual({
      key: 'notice.transfer',
      values: { count: 24 },
    });
  });

  it("offers a postponed event's full refund until its last day, then the policy again", () => {
    const postponement = { refundUntil: '2026-12-05' };
    expect(policyNotes({ cancel: null }, postponement, '2026-12-05')[0]).toEqual({
      key: 'notice.postponedRefund',
      date: '2026-12-05',
    });
    expect(policyNotes({ cancel: null }, postponement, '2026-12-06')[0]).toEqual({ key: 'notice.noCancel' });
  });
});
