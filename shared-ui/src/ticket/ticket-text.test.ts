import { describe, expect, it } from 'vitest';
import { aRegistration } from '../testing/fixtures';
import {
  adminWhatsAppLink,
  hasMedicalNote,
  ticketMailto,
  ticketPdfPages,
  ticketSummary,
  ticketWhatsAppLink,
} from './ticket-text';

describe('ticket text', () => {
  it('shows a medical note only when there is one that is not None', () => {
    expect(hasMedicalNote('Asthma')).toBe(true);
    expect(hasMedicalNote(' none ')).toBe(false);
    expect(hasMedicalNote('None')).toBe(false);
    expect(hasMedicalNote('')).toBe(false);
    expect(hasMedicalNote(null)).toBe(false);
  });

  it("the ticket dialog's WhatsApp keeps only the phone's digits", () => {
    expect(ticketWhatsAppLink('+91 98200-12345', 'hi')).toBe('https://wa.me/919820012345?text=hi');
    expect(ticketWhatsAppLink('(982) 001 2345', 'hi')).toBe('https://wa.me/919820012345?text=hi');
  });

  it("the console's WhatsApp drops only a plus sign", () => {
    expect(adminWhatsAppLink('+919820012345', 'a b')).toBe('https://wa.me/919820012345?text=a%20b');
    expect(adminWhatsAppLink('9820012345', 'x')).toBe('https://wa.me/919820012345?text=x');
    expect(adminWhatsAppLink('+44 20 7946', 'x')).toBe('https://wa.me/44 20 7946?text=x');
  });

  it('writes the e-mail with a subject naming the event and the registration', () => {
    const registration = aRegistration({ registrationNumber: 'REGABC123', eventName: 'Pune Hill Run' });
    const link = ticketMailto(registration, 'TDK Sports');
    expect(link.startsWith('mailto:asha@example.com?subject=')).toBe(true);
    expect(decodeURIComponent(link.split('subject=')[1]!.split('&')[0]!)).toBe('Your ticket for Pune Hill Run (REGABC123)');
    expect(decodeURIComponent(link.split('body=')[1]!)).toBe(ticketSummary(registration, 'TDK Sports'));
  });

  it('summarises the ticket with its long date, 12-hour time and code', () => {
    const text = ticketSummary(
      aRegistration({ eventDate: '2026-12-13', eventTime: '06:00', qrCode: 'TDK-REGX-1-abcdefghij' }),
      'TDK Sports',
    );
    expect(text).toContain('Date: Sunday, 13 December 2026 at 6:00 am');
    expect(text).toContain('Ticket code: TDK-REGX-1-abcdefghij');
    expect(text).toContain('Participant: Asha Rao');
  });

  it("names the attendee's ticket number, their order and place in it, and the price they paid", () => {
    const text = ticketSummary(
      aRegistration({
        registrationNumber: 'REGX01',
        bookingReference: 'REGX',
        position: 1,
        orderSize: 2,
        ticketName: '10K Open',
        amount: 799,
      }),
      'TDK Sports',
    );
    expect(text).toContain('Ticket number: REGX01');
    expect(text).toContain('Booking reference: REGX (Participant 1 of 2)');
    expect(text).toContain('Ticket: 10K Open (₹799)');
  });
});

describe('ticketPdfPages', () => {
  it("gives one page per attendee in the order's order, a free ticket as Free, a missing name as such", () => {
    const of = (position: number, over = {}) =>
      aRegistration({ registrationNumber: `REGX0${position}`, bookingReference: 'REGX', position, orderSize: 2, ...over });
    const pages = ticketPdfPages([of(2, { amount: 0, detailsMissing: true }), of(1, { detailsMissing: false })], 'TDK Sports');
    expect(pages.map((page) => [page.ticketNumber.value, page.participant, page.attendee.value, page.pricePaid.value])).toEqual([
      ['REGX01', 'Participant 1 of 2', 'Asha Rao', '₹799'],
      ['REGX02', 'Participant 2 of 2', 'Details to be completed — contact the organiser', 'Free'],
    ]);
    expect(pages[0]!.bookingReference).toEqual({ label: 'Booking reference', value: 'REGX' });
  });

  it('prints the start wave and its start time beside the bib (decision 068), and the bib alone without waves', () => {
    const [withWave, withoutWave] = ticketPdfPages(
      [
        aRegistration({ position: 1, bib: 1042, wave: { name: 'Wave B', start: '06:15', byHand: false } }),
        aRegistration({ position: 2, bib: 1043, wave: null }),
      ],
      'TDK Sports',
    );
    expect(withWave!.bib).toEqual({ label: 'Bib', value: '1042 · Wave B, starts 06:15' });
    expect(withoutWave!.bib).toEqual({ label: 'Bib', value: '1043' });
  });
});
