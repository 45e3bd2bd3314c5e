import { describe, expect, it } from 'vitest';
import type { AttendeeDetails } from '@tdk/api/contract';
import { aTicket } from '@tdk/shared-ui/testing';
import { createOrderBody, type CheckoutInput } from './order-body';

const attendee = (fullName: string): AttendeeDetails => ({
  fullName,
  email: undefined,
  phone: '+919820012345',
  dateOfBirth: '1990-04-01',
  gender: 'female',
  emergencyContact: 'Ravi Rao',
  emergencyPhone: '+919820054321',
  tshirtSize: undefined,
  bloodGroup: undefined,
  medicalConditions: '',
  experience: undefined,
});

const half = aTicket({ id: 3, name: 'Half Marathon', price: 1200 });
const tenK = aTicket({ id: 8, name: '10K', price: 600 });

const input: CheckoutInput = {
  eventId: 5,
  eventTitle: 'Pune Hill Run',
  privacyNoticeVersion: 2,
  lines: [
    { ticket: half, quantity: 2, subtotal: 2400 },
    { ticket: tenK, quantity: 1, subtotal: 600 },
  ],
  rows: [
    { key: 't3', ticket: half, quantity: 2, amount: 2400 },
    { key: 't8', ticket: tenK, quantity: 1, amount: 600 },
  ],
  total: 3000,
  buyer: { fullName: 'Asha Rao', email: 'asha@example.com', phone: '+919820012345' },
  attendees: [
    { ticketId: 3, participant: attendee('Asha Rao') },
    { ticketId: 3, participant: attendee('Meera Rao') },
    { ticketId: 8, participant: attendee('Kabir Rao') },
  ],
};

describe('createOrderBody', () => {
  it('sends the buyer once and the attendees in form order, each with their ticket type', () => {
    const body = createOrderBody(input, 'hi');
    expect(body).toMatchObject({ eventId: 5, buyer: input.buyer, language: 'hi', orderAmount: 3000, privacyNoticeVersion: 2 });
    expect(body.attendees.map((a) => [a.ticketId, a.participant.fullName])).toEqual([
      [3, 'Asha Rao'],
      [3, 'Meera Rao'],
      [8, 'Kabir Rao'],
    ]);
  });

  it('sends a child’s guardian with their attendee only', () => {
    const guardian = { name: 'Asha Rao', relation: 'parent', phone: '98765 43210', consent: true } as const;
    const body = createOrderBody(
      { ...input, attendees: input.attendees.map((a, i) => (i === 1 ? { ...a, guardian } : a)) },
      'en',
    );
    expect(body.attendees.map((a) => a.guardian)).toEqual([undefined, guardian, undefined]);
  });

  it("sends a business's GSTIN and name as the contract names them, an empty address left out, and none when not given", () => {
    expect(createOrderBody(input, 'en')).not.toHaveProperty('business');
    const body = createOrderBody(
      { ...input, business: { gstin: '27AAPFU0939F1ZV', name: 'Thane Runners LLP', address: '' } },
      'en',
    );
    expect(body.business).toEqual({ gstin: '27AAPFU0939F1ZV', name: 'Thane Runners LLP' });
  });

  it('sends the promo code the quote applied, as the server spelt it, and none without one', () => {
    const body = createOrderBody({ ...input, total: 2700, promo: { code: 'EARLY10', amount: 300 } }, 'en');
    expect(body).toMatchObject({ promoCode: 'EARLY10', orderAmount: 2700 });
    expect(createOrderBody(input, 'en')).not.toHaveProperty('promoCode');
  });

  it('notes the lines for the payment provider, within its 200 characters', () => {
    expect(createOrderBody(input, 'en').orderNote).toBe('Pune Hill Run: Half Marathon x2, 10K x1');
    expect(createOrderBody({ ...input, eventTitle: 'x'.repeat(300) }, 'en').orderNote).toHaveLength(200);
  });

  it("sends each attendee's answers and team, and no answers when they gave none", () => {
    const body = createOrderBody(
      {
        ...input,
        attendees: [
          { ticketId: 3, participant: attendee('Asha Rao'), answers: { pace: 5.5, bus: false }, team: 'Gazelles' },
          { ticketId: 3, participant: attendee('Meera Rao'), answers: {} },
        ],
      },
      'en',
    );
    expect(body.attendees[0]).toMatchObject({ answers: { pace: 5.5, bus: false }, team: 'Gazelles' });
    expect(body.attendees[1]).not.toHaveProperty('answers');
    expect(body.attendees[1]).not.toHaveProperty('team');
  });

  it('notes a team by its name for the payment provider', () => {
    const relay = aTicket({ id: 7, name: 'Relay 4×5K', price: 2000, teamMin: 4, teamMax: 4, teamPricing: 'team' });
    const rows = [
      { key: 't7g1', ticket: relay, quantity: 4, team: { n: 1, name: 'Marine Drive Gazelles' }, amount: 2000 },
      { key: 't7g2', ticket: relay, quantity: 4, team: { n: 2, name: '' }, amount: 2000 },
    ];
    expect(createOrderBody({ ...input, rows }, 'en').orderNote).toBe(
      'Pune Hill Run: Relay 4×5K (Marine Drive Gazelles) x4, Relay 4×5K x4',
    );
  });
});
