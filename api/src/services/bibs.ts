// Bibs (issue 23): an event may number the attendees of a ticket type from a range (Half Marathon
// 1001-2999), in order of payment, never two alike in the event (a unique index says so too).
// Fulfilment calls this after it has sold the seats: the ticket type's row is then locked until
// the commit, so two payments for one type number their attendees one after the other.
import { and, between, desc, eq, isNotNull } from 'drizzle-orm';
import type { Db } from '../db/client';
import { registrations } from '../db/schema';

export interface BibRange {
  ticketId: number;
  bibFrom: number | null;
  bibTo: number | null;
}

/**
 * The next bibs for attendees of these types, in the attendees' order (null for a type without a
 * range, or a range with none left: create-order never sells more seats than bibs, so that only
 * happens after staff reassigned numbers into it).
 */
export async function nextBibs(tx: Db, eventId: number, attendees: BibRange[]): Promise<(number | null)[]> {
  const next = new Map<number, number>();
  const taken = new Map<number, Set<number>>();
  const result: (number | null)[] = [];
  for (const a of attendees) {
    if (a.bibFrom === null || a.bibTo === null) {
      result.push(null);
      continue;
    }
    if (!next.has(a.ticketId)) {
      const [highest] = await tx
        .select({ bib: registrations.bib })
        .from(registrations)
        .where(
          and(eq(registrations.eventId, eventId), isNotNull(registrations.bib), between(registrations.bib, a.bibFrom, a.bibTo)),
        )
        .orderBy(desc(registrations.bib))
        .limit(1);
      next.set(a.ticketId, (highest?.bib ?? a.bibFrom - 1) + 1);
    }
    let bib = next.get(a.ticketId)!;
    if (bib > a.bibTo) {
      // The top of the range is used: the lowest gap staff left by moving someone else's number.
      let used = taken.get(a.ticketId);
      if (!used) {
        const rows = await tx
          .select({ bib: registrations.bib })
          .from(registrations)
          .where(and(eq(registrations.eventId, eventId), between(registrations.bib, a.bibFrom, a.bibTo)));
        used = new Set(rows.map((r) => r.bib!));
        taken.set(a.ticketId, used);
      }
      bib = a.bibFrom;
      while (bib <= a.bibTo && used.has(bib)) bib++;
      if (bib > a.bibTo) {
        result.push(null);
        continue;
      }
      used.add(bib);
      result.push(bib);
      continue;
    }
    next.set(a.ticketId, bib + 1);
    result.push(bib);
  }
  return result;
}

/** Who holds `bib` at the event already (another attendee), for staff's reassignment. */
export async function bibHolder(tx: Db, eventId: number, bib: number, exceptId: number) {
  const [holder] = await tx
    .select({ id: registrations.id, firstName: registrations.firstName, lastName: registrations.lastName })
    .from(registrations)
    .where(and(eq(registrations.eventId, eventId), eq(registrations.bib, bib)));
  return holder && holder.id !== exceptId ? holder : undefined;
}
