// The buyer's refund notice (decision 022), in their language, from its payload alone.
import { describe, expect, it } from 'vitest';
import { refundNotice, type RefundEmailPayload } from './templates';

const payload: RefundEmailPayload = {
  reference: 'REGMI3X9ABCD',
  eventName: 'Pune <Half> Marathon',
  customerName: 'Asha Rao',
  amount: 1499.5,
  attendees: [{ name: 'Ravi Rao', ticketName: 'Half Marathon', ticketNumber: 'REGMI3X9ABCD02' }],
  platformName: 'TDK Sports',
};

describe('the refund notice', () => {
  it('names the booking reference, the amount and the cancelled tickets, in English by default', () => {
    const mail = refundNotice(payload);
    expect(mail.subject).toBe('Refund for Pune <Half> Marathon (REGMI3X9ABCD)');
    expect(mail.text).toContain('Booking reference: REGMI3X9ABCD');
    expect(mail.text).toContain('Refund amount: ₹1,499.50');
    expect(mail.text).toContain('1. Ravi Rao · Half Marathon · REGMI3X9ABCD02');
    expect(mail.text).toContain('5 to 7 working days');
    // The organiser's words are escaped in the HTML.
    expect(mail.html).toContain('Pune &lt;Half&gt; Marathon');
    expect(mail.html).not.toContain('<Half>');
  });

  it('is written in Hindi and Marathi for those buyers', () => {
    const hindi = refundNotice({ ...payload, language: 'hi' });
    expect(hindi.subject).toBe('Pune <Half> Marathon के लिए रिफ़ंड (REGMI3X9ABCD)');
    expect(hindi.html).toContain('<html lang="hi-IN">');
    expect(hindi.text).toContain('रिफ़ंड राशि: ₹1,499.50');
    const marathi = refundNotice({ ...payload, language: 'mr' });
    expect(marathi.subject).toBe('Pune <Half> Marathon साठी परतावा (REGMI3X9ABCD)');
    expect(marathi.text).toContain('रद्द केलेली तिकिटे');
  });

  it('says no ticket was issued when a late payment is given back', () => {
    const mail = refundNotice({ ...payload, attendees: [] });
    expect(mail.text).toContain('arrived after the last tickets were sold, so no ticket was issued');
    expect(mail.text).not.toContain('Cancelled tickets');
  });
});

describe("the event's cancellation notice (decision 025)", () => {
  const cancelled = { ...payload, cancellation: { feeRupees: 0, reason: 'Flooding <on> the course' } };

  it('says the event is cancelled, why, and the refund, in one e-mail', () => {
    const mail = refundNotice(cancelled);
    expect(mail.subject).toBe('Pune <Half> Marathon is cancelled (REGMI3X9ABCD)');
    expect(mail.text).toContain('has been cancelled and will not take place');
    expect(mail.text).toContain('started a refund of ₹1,499.50');
    expect(mail.text).toContain('Reason: Flooding <on> the course');
    expect(mail.text).toContain('1. Ravi Rao · Half Marathon · REGMI3X9ABCD02');
    expect(mail.html).toContain('Flooding &lt;on&gt; the course');
  });

  it('states the fee kept per ticket, and says so when nothing further is refunded', () => {
    expect(refundNotice({ ...cancelled, cancellation: { feeRupees: 50, reason: 'Storm' } }).text).toContain(
      'the organiser keeps ₹50.00 per ticket',
    );
    const none = refundNotice({ ...cancelled, amount: 0, attendees: [] });
    expect(none.text).toContain('already refunded, so no further refund is due');
    expect(none.text).not.toContain('Refund amount');
  });

  it('is written in Hindi and Marathi', () => {
    expect(refundNotice({ ...cancelled, language: 'hi' }).subject).toBe('Pune <Half> Marathon रद्द हो गया है (REGMI3X9ABCD)');
    expect(refundNotice({ ...cancelled, language: 'mr' }).text).toContain('रद्द करण्यात आला आहे');
  });
});

describe("the buyer's own cancellation notice (decision 023)", () => {
  const own = { ...payload, amount: 1349.55, selfCancelled: { feeRupees: 149.95 } };

  it('says the buyer cancelled the ticket, that it no longer admits, the refund and the fee kept', () => {
    const mail = refundNotice(own);
    expect(mail.subject).toBe('Ticket cancelled for Pune <Half> Marathon (REGMI3X9ABCD)');
    expect(mail.text).toContain(
      'As you asked, we have cancelled the ticket below for Pune <Half> Marathon; it no longer admits.',
    );
    expect(mail.text).toContain('refund of ₹1,349.55');
    expect(mail.text).toContain('the cancellation fee kept is ₹149.95');
    expect(mail.text).toContain('1. Ravi Rao · Half Marathon · REGMI3X9ABCD02');
  });

  it('says no refund is due when the fee is the whole price, with no refund amount line', () => {
    const mail = refundNotice({ ...own, amount: 0, selfCancelled: { feeRupees: 1499.5 } });
    expect(mail.text).toContain('The cancellation fee is ₹1,499.50, the whole price, so no refund is due.');
    expect(mail.text).not.toContain('Refund amount');
  });

  it('is written in Hindi and Marathi for those buyers', () => {
    const hindi = refundNotice({ ...own, language: 'hi' });
    expect(hindi.subject).toBe('Pune <Half> Marathon का टिकट रद्द (REGMI3X9ABCD)');
    expect(hindi.text).toContain('रद्द करने का शुल्क ₹149.95 रखा गया है');
    const marathi = refundNotice({ ...own, language: 'mr', amount: 0 });
    expect(marathi.subject).toBe('Pune <Half> Marathon चे तिकीट रद्द (REGMI3X9ABCD)');
    expect(marathi.text).toContain('कोणताही परतावा देय नाही');
  });
});
