// create-order's body (DESIGN.md section 5, decision 021) as a buyer sends it: the buyer once, then
// one attendee per ticket. Shared by the browser journeys (tests/support) and the benchmarks
// (tests/bench), which post orders without a browser.

/**
 * An order of `count` tickets of one type, every attendee a member of the buyer's family: the
 * first the buyer, the rest named after them.
 */
export function orderBody(eventId, ticketId, buyer, count = 1) {
  const attendees = Array.from({ length: count }, (_, i) => ({
    ticketId,
    participant: {
      fullName: i === 0 ? buyer.fullName : `${buyer.fullName.split(' ')[0]} Guest ${i + 1}`,
      ...(i === 0 ? { email: buyer.email } : {}),
      phone: buyer.phone,
      dateOfBirth: '1994-08-15',
      gender: 'other',
      emergencyContact: 'Arjun Menon',
      emergencyPhone: '98200 88888',
    },
  }));
  // The standard privacy notice, ticked (decision 030), with its organiser's first part (decision 061).
  return { eventId, buyer, attendees, privacyNoticeVersion: 1, organiserNoticeVersion: 1 };
}
