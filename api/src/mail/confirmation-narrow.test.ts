// Issue 40: the confirmation e-mail's ticket table ran off a 360 px phone (five columns side by
// side). The HTML is read as a mail client would lay it out: no fixed width above 360 px, no row
// of more than two cells, each attendee's facts in one block, and long words (links, codes in
// sentences) allowed to wrap.
import { describe, expect, it } from 'vitest';
import { participantConfirmation, type AttendeeLine } from './templates';

const attendee = (n: number): AttendeeLine => ({
  name: `Venkataraghavan Subramaniam Iyer ${n}`,
  ticketName: 'Half Marathon (21.1 km) with finisher medal',
  ticketPrice: 1_499,
  ticketNumber: `REGMI3X9ABCD0${n}`,
  bib: 4_000 + n,
  ticketUrl: `https://tdk.example/ticket/REGMI3X9ABCD0${n}?t=eyJhbGciOiJFZERTQSJ9.a-very-long-signed-token-${n}`,
  detailsMissing: false,
});

const mail = (language: 'en' | 'hi' | 'mr') =>
  participantConfirmation({
    registrationNumber: 'REGMI3X9ABCD',
    eventName: 'Pune International Marathon',
    eventDate: '2030-01-15',
    eventTime: '06:30',
    eventVenue: 'Sarasbaug, Swargate, Pune',
    customerName: 'Asha Rao',
    customerEmail: 'asha.rao.runs.every.sunday@example.com',
    customerPhone: '+919876543210',
    attendees: [attendee(1), attendee(2), attendee(3)],
    amount: 4_497,
    transactionId: 'cf_txn_1234567890123456',
    paymentMethod: 'UPI',
    ticketUrl: 'https://tdk.example/ticket/REGMI3X9ABCD?t=eyJhbGciOiJFZERTQSJ9.a-very-long-signed-order-token',
    platformName: 'TDK Sports',
    bookingsUrl: 'https://tdk.example/bookings',
    notes: [],
    language,
  });

/** Every width the HTML fixes (style width / min-width in px, width="n" attributes). */
function fixedWidths(html: string): number[] {
  const styles = [...html.matchAll(/(?<![-\w])(?:min-)?width:\s*(\d+)px/g)].map((m) => Number(m[1]));
  const attributes = [...html.matchAll(/\swidth="(\d+)"/g)].map((m) => Number(m[1]));
  return [...styles, ...attributes];
}

describe('the confirmation e-mail on a 360 px phone', () => {
  it.each(['en', 'hi', 'mr'] as const)(
    'fixes no width beyond 360 px and puts no more than two cells in a row (%s)',
    (language) => {
      const { html } = mail(language);
      expect(html).toContain('<meta name="viewport" content="width=device-width, initial-scale=1">');
      expect(fixedWidths(html).filter((width) => width > 360)).toEqual([]);
      for (const row of html.match(/<tr>[\s\S]*?<\/tr>/g) ?? []) {
        expect((row.match(/<t[dh][\s>]/g) ?? []).length, row).toBeLessThanOrEqual(2);
      }
      // The page's card is only as wide as the screen: a most 560 px, padded lightly.
      expect(html).toMatch(/max-width:560px;[^"]*padding:16px/);
    },
  );

  it("shows each attendee's ticket in one block that wraps: name, ticket and price, number and bib", () => {
    const { html } = mail('en');
    const tickets = html.slice(html.indexOf('>Tickets</h2>'));
    const blocks = tickets.match(/<td style="[^"]*overflow-wrap:anywhere[^"]*">[\s\S]*?<\/td>/g) ?? [];
    expect(blocks).toHaveLength(3);
    expect(blocks[1]).toContain('Venkataraghavan Subramaniam Iyer 2');
    expect(blocks[1]).toContain('Half Marathon (21.1 km) with finisher medal · ₹1,499');
    expect(blocks[1]).toMatch(
      /Ticket number<\/span> <span style="white-space:nowrap"><a href="[^"]+REGMI3X9ABCD02[^"]*"[^>]*>REGMI3X9ABCD02<\/a><\/span>/,
    );
    expect(blocks[1]).toContain('Bib</span> <strong>4002</strong>');
    // Long unbroken words (the plain link under the button) may wrap anywhere in the card.
    expect(html).toMatch(/max-width:560px;[^"]*overflow-wrap:anywhere/);
  });
});
