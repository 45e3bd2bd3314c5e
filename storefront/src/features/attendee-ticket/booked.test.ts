import { describe, expect, it } from 'vitest';
import { bookedMessageKeys, bookedOf, bookedState } from './booked';

describe('the booking handed to the ticket page', () => {
  it('reads back what the checkout put in the router state, and nothing else', () => {
    const booked = { amount: 600, confirmationEmail: true, email: 'asha@example.com' };
    expect(bookedOf(bookedState(booked))).toEqual(booked);
    expect(bookedOf(null)).toBeUndefined();
    expect(bookedOf({ booked: { amount: '600' } })).toBeUndefined();
    expect(bookedOf({ from: '/event/5' })).toBeUndefined();
  });

  it('says paid or registered, and the e-mail only when one was queued', () => {
    expect(bookedMessageKeys({ amount: 600, confirmationEmail: true, email: 'a@b.in' })).toEqual({
      title: 'checkout.paidTitle',
      done: 'ticketPage.bookedPaid',
      next: 'ticketPage.bookedEmail',
    });
    expect(bookedMessageKeys({ amount: 0, confirmationEmail: false, email: 'a@b.in' })).toEqual({
      title: 'checkout.registeredTitle',
      done: 'ticketPage.bookedFree',
      next: 'ticketPage.bookedNoEmail',
    });
  });
});
