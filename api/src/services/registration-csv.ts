// The console's CSV export: every field of an attendee, one line each (decision 021), with the
// event's questions as columns when the export is of one event, written by the platform's one CSV
// writer (contract/csv.ts: RFC 4180 quoting, line breaks inside cells quoted, and its formula guard,
// so an attendee's name can never become a command in the organiser's Excel).
//
// Issue 40: its times are India's wall clock, said so in the header ('(IST)'); an event that may
// have children has the guardian's name, relation and phone; and 'Email Sent' is what the outbox
// says of the attendee's confirmation (sent, not queued): services/confirmations-sent.ts.
import type { AnswerValue, EventQuestion, Registration } from '../contract';
import { csvRecord, type CsvValue } from '../contract/csv';

const IST_OFFSET_MS = 330 * 60_000;

/** An instant (ISO, UTC) as India's wall clock: '2026-11-28 12:11:05'; empty for none. */
export const indiaDateTime = (iso: string | null | undefined): string => {
  if (!iso) return '';
  const ms = Date.parse(iso);
  if (Number.isNaN(ms)) return iso;
  return new Date(ms + IST_OFFSET_MS).toISOString().slice(0, 19).replace('T', ' ');
};

/** What a line says beyond the attendee itself: whether their confirmation went, and their guardian. */
export interface RegistrationCsvFacts {
  /** The outbox sent the attendee's confirmation (the order's, or their own ticket e-mail). */
  confirmationSent?: boolean;
  /** A child's parent or guardian; null for an adult. */
  guardian?: { name: string; relation: string; phone: string } | null;
}

/** An attendee row's guardian (decision 030): null for an adult, or once erased. */
export const guardianOf = (row: { guardianName: string; guardianRelation: string; guardianPhone: string }) =>
  row.guardianName || row.guardianPhone
    ? { name: row.guardianName, relation: row.guardianRelation, phone: row.guardianPhone }
    : null;

/** The export's shape: the event's questions as columns, and the guardian's columns when it asks for one. */
export interface RegistrationCsvShape {
  questions?: EventQuestion[];
  guardians?: boolean;
}

type Column = [string, (r: Registration, facts: RegistrationCsvFacts) => CsvValue];

const BEFORE_GUARDIAN: Column[] = [
  ['Ticket Number', (r) => r.registrationNumber],
  ['Booking Reference', (r) => r.bookingReference],
  ['Attendee', (r) => `${r.position} of ${r.orderSize}`],
  ['Bib', (r) => r.bib],
  ['Details Missing', (r) => r.detailsMissing],
  ['Status', (r) => r.status],
  ['Payment Status', (r) => r.paymentStatus],
  ['Event', (r) => r.eventName],
  ['Event Date', (r) => r.eventDate],
  ['Event Time', (r) => r.eventTime],
  ['Venue', (r) => r.eventVenue],
  ['Ticket', (r) => r.ticketName],
  ['Ticket Price (INR)', (r) => r.ticketPrice],
  ['Amount Paid (INR)', (r) => r.amount],
  ['First Name', (r) => r.participantInfo.firstName],
  ['Last Name', (r) => r.participantInfo.lastName],
  ['Email', (r) => r.participantInfo.email],
  ['Phone', (r) => r.participantInfo.phone],
  ['Date of Birth', (r) => r.participantInfo.dateOfBirth],
  ['Gender', (r) => r.participantInfo.gender],
  ['Emergency Contact', (r) => r.participantInfo.emergencyContact?.name],
  ['Emergency Phone', (r) => r.participantInfo.emergencyContact?.phone],
];

const GUARDIAN: Column[] = [
  ['Guardian Name', (_, f) => f.guardian?.name],
  ['Guardian Relation', (_, f) => f.guardian?.relation],
  ['Guardian Phone', (_, f) => f.guardian?.phone],
];

const AFTER_GUARDIAN: Column[] = [
  ['Medical Conditions', (r) => r.additionalInfo.medicalConditions],
  ['Dietary Restrictions', (r) => r.additionalInfo.dietaryRestrictions],
  ['Previous Experience', (r) => r.additionalInfo.previousExperience],
  ['Team', (r) => r.additionalInfo.teamName],
  ['Shirt Size', (r) => r.additionalInfo.shirtSize],
  ['Blood Group', (r) => r.additionalInfo.bloodGroup],
  ['Payment Method', (r) => r.paymentMethod],
  ['Transaction ID', (r) => r.transactionId],
  ['Order ID', (r) => r.orderId],
  ['Registration Date (IST)', (r) => indiaDateTime(r.registrationDate)],
  ['Check-in Time (IST)', (r) => indiaDateTime(r.checkInTime)],
  ['Check-in Gate', (r) => r.checkInGate],
  ['Ticket Downloaded', (r) => r.ticketDownloaded],
  // The outbox's word when the caller asked it; the stored flag otherwise.
  ['Email Sent', (r, f) => f.confirmationSent ?? r.emailSent],
  ['WhatsApp Sent', (r) => r.whatsappSent],
  ['Ticket Code', (r) => r.qrCode],
  ['Notes', (r) => r.notes],
];

const columnsOf = (guardians: boolean | undefined) =>
  guardians ? [...BEFORE_GUARDIAN, ...GUARDIAN, ...AFTER_GUARDIAN] : [...BEFORE_GUARDIAN, ...AFTER_GUARDIAN];

/** An answer as a cell: choices joined, yes/no in words. */
const answerCell = (value: AnswerValue | undefined): CsvValue =>
  value === undefined ? null : Array.isArray(value) ? value.join('; ') : value;

/** The header: every attendee field, then one column per question of the exported event (labels guarded too). */
export const registrationCsvHeader = (questions: EventQuestion[] = [], shape: Omit<RegistrationCsvShape, 'questions'> = {}) =>
  csvRecord([...columnsOf(shape.guardians).map(([name]) => name), ...questions.map((q) => q.label)]);

export const registrationCsvLine = (
  registration: Registration,
  questions: EventQuestion[] = [],
  facts: RegistrationCsvFacts = {},
  shape: Omit<RegistrationCsvShape, 'questions'> = {},
) =>
  csvRecord([
    ...columnsOf(shape.guardians).map(([, value]) => value(registration, facts)),
    ...questions.map((q) => answerCell(registration.answers[q.id])),
  ]);
