import { describe, expect, it } from 'vitest';
import type { Ticket, WaitingListOfferResponse } from '@tdk/api/contract';
import { offeredTickets } from './offer-tickets';

const ticket = (id: number, available: number) => ({ id, available }) as Ticket;
const offer = (status: WaitingListOfferResponse['status']): WaitingListOfferResponse => ({
  eventId: 1,
  ticketId: 2,
  ticketName: 'VIP',
  quantity: 2,
  name: 'Asha',
  email: 'asha@example.com',
  phone: '+919876543210',
  status,
  expiresAt: '2030-01-01T00:00:00.000Z',
});

describe('offeredTickets', () => {
  it("adds a standing offer's seats to its own ticket type only", () => {
    expect(offeredTickets([ticket(1, 0), ticket(2, 0)], offer('offered')).map((t) => t.available)).toEqual([0, 2]);
  });
  it('leaves the list as it is without an offer, or once it expired or was used', () => {
    const list = [ticket(2, 0)];
    expect(offeredTickets(list, undefined)).toBe(list);
    expect(offeredTickets(list, offer('expired'))).toBe(list);
    expect(offeredTickets(list, offer('used'))).toBe(list);
  });
});
