import { describe, expect, it } from 'vitest';
import {
  bookingsLinkEmail,
  detailsChangedEmail,
  transferredAttendeeEmail,
  transferredBuyerEmail,
  type SelfServiceMailFacts,
} from './bookings-templates';
import { participantConfirmation } from './templates';

const facts: SelfServiceMailFacts = {
  platformName: 'TDK Sports',
  buyerName: 'Asha Rao',
  eventName: 'Pune Hill Run',
  eventDate: '2030-01-15',
  bookingReference: 'REGMI3X9ABCD',
  ticketName: '10K Open',
  ticketNumber: 'REGMI3X9ABCD01T1',
  attendeeName: 'Priya Nair',
  ticketUrl: 'https://tdk.example/ticket/REGMI3X9ABCD01T1#t=abc',
  bookingsUrl: 'https://tdk.example/bookings',
};

describe('the e-mails of My bookings', () => {
  it('send the one-time link in the buyer’s language, saying it works once for 30 minutes', () => {
    const url = 'https://tdk.example/bookings/open#tok';
    const en = bookingsLinkEmail({ url, minutes: 30, platformName: 'TDK Sports' });
    expect(en.subject).toBe('Your sign-in link to My bookings on TDK Sports');
    expect(en.text).toContain('It works once, for 30 minutes.');
    expect(en.text).toContain(url);
    expect(en.html).toContain('href="https://tdk.example/bookings/open#tok"');
    const hi = bookingsLinkEmail({ url, minutes: 30, platformName: 'TDK Sports', language: 'hi' });
    expect(hi.subject).toBe('TDK Sports पर मेरी बुकिंग के लिए आपका साइन-इन लिंक');
    expect(hi.html).toContain('lang="hi-IN"');
    const mr = bookingsLinkEmail({ url, minutes: 30, platformName: 'TDK Sports', language: 'mr' });
    expect(mr.text).toContain('30 मिनिटांसाठी');
  });

  it('tell the buyer and the new attendee of a transfer, with the new ticket link; only the buyer’s names My bookings', () => {
    const buyer = transferredBuyerEmail(facts);
    expect(buyer.subject).toBe('Ticket transferred: Pune Hill Run (REGMI3X9ABCD01T1)');
    expect(buyer.text).toMatch(/old QR code and link no longer admit anyone/);
    expect(buyer.text).toContain('https://tdk.example/bookings');
    const attendee = transferredAttendeeEmail({ ...facts, language: 'hi' });
    expect(attendee.text).toContain('Asha Rao ने Pune Hill Run का एक टिकट आपको ट्रांसफर किया है');
    expect(attendee.text).toContain('https://tdk.example/ticket/REGMI3X9ABCD01T1?lang=hi#t=abc');
    expect(attendee.text).not.toContain('/bookings');
  });

  it('write the event date of a transfer or a change in the language of the e-mail (Hindi, Marathi)', () => {
    // 15 January 2030 is a Tuesday.
    const en = transferredBuyerEmail(facts);
    expect(en.text).toContain('Tuesday, 15 January 2030');
    for (const [language, weekday, month, date] of [
      ['hi', 'मंगलवार', 'जनवरी', 'मंगलवार, 15 जनवरी 2030'],
      ['mr', 'मंगळवार', 'जानेवारी', 'मंगळवार, 15 जानेवारी, 2030'],
    ] as const) {
      for (const mail of [
        transferredBuyerEmail({ ...facts, language }),
        transferredAttendeeEmail({ ...facts, language }),
        detailsChangedEmail({ ...facts, language }),
      ]) {
        expect(mail.text).toContain(weekday);
        expect(mail.text).toContain(month);
        expect(mail.html).toContain(date);
        expect(mail.text).not.toMatch(/Tuesday|January/);
      }
    }
  });

  it('put My bookings under the order confirmation', () => {
    const mail = participantConfirmation({
      registrationNumber: 'REGMI3X9ABCD',
      eventName: 'Pune Hill Run',
      eventDate: '2030-01-15',
      eventTime: '06:30',
      eventVenue: 'Vetal Hill, Pune',
      customerName: 'Asha Rao',
      customerEmail: 'asha@example.com',
      customerPhone: '+919876543210',
      attendees: [],
      amount: 799,
      transactionId: 'T1',
      paymentMethod: 'UPI',
      ticketUrl: 'https://tdk.example/ticket/REGMI3X9ABCD#t=x',
      platformName: 'TDK Sports',
      bookingsUrl: 'https://tdk.example/bookings',
      notes: [],
    });
    expect(mail.text).toContain('Find, change or transfer your tickets in My bookings: https://tdk.example/bookings');
  });
});
