import { describe, expect, it } from 'vitest';
import { lineTotal, messageKindText, messageStatusText, orderStatusText, orderStatusTone } from './order';

describe('a booking in the console', () => {
  it("says an order's status in words, with its tone", () => {
    expect(orderStatusText('PAID')).toBe('Paid');
    expect(orderStatusText('CREATED')).toBe('Awaiting payment');
    expect(orderStatusText('REFUND_REQUIRED')).toBe('Refund required');
    expect(orderStatusText('ON_HOLD')).toBe('ON_HOLD');
    expect(orderStatusTone('PAID')).toBe('green');
    expect(orderStatusTone('CREATED')).toBe('yellow');
    expect(orderStatusTone('EXPIRED')).toBe('grey');
    expect(orderStatusTone('REFUND_REQUIRED')).toBe('red');
  });

  it('says what each message was, and an unknown kind as words', () => {
    expect(messageKindText('participant_confirmation')).toBe('Booking confirmation to the buyer');
    expect(messageKindText('attendee_ticket')).toBe("Attendee's own ticket");
    expect(messageKindText('admin_notification')).toBe('Staff notification');
    expect(messageKindText('refund_notice')).toBe('Refund notice to the buyer');
    expect(messageKindText('seat_offer_notice')).toBe('Seat offer notice');
  });

  it('says whether a message went, and how many tries it took', () => {
    expect(messageStatusText({ status: 'sent', attempts: 1 })).toBe('Sent');
    expect(messageStatusText({ status: 'failed', attempts: 5 })).toBe('Failed after 5 attempts');
    expect(messageStatusText({ status: 'pending', attempts: 0 })).toBe('Waiting to be sent');
    expect(messageStatusText({ status: 'pending', attempts: 1 })).toBe('Waiting to retry (1 attempt so far)');
    expect(messageStatusText({ status: 'bounced', attempts: 1 })).toBe('bounced');
  });

  it("totals a line in rupees without a float's crumbs", () => {
    expect(lineTotal({ quantity: 3, unitPrice: 799 })).toBe(2397);
    expect(lineTotal({ quantity: 3, unitPrice: 0.1 })).toBe(0.3);
  });
});
