// The console's CSV export: every field of an attendee, one line each (decision 021), with the
// event's questions as columns when the export is of one event (RFC 4180 quoting by
// csv-stringify). A cell that a spreadsheet would run as a formula (= + - @, or a tab or carriage
// return first) is prefixed with an apostrophe, so an attendee's name can never become a command
// in the organiser's Excel (OWASP's CSV injection advice).
import { stringify } from 'csv-stringify/sync';
import type { AnswerValue, EventQuestion, Registration } from '../contract';

const COLUMNS: [string, (r: Registration) => string | number | boolean | null][] = [
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
  ['Emergency Contact', (r) => r.participantInfo.emergencyContact.name],
  ['Emergency Phone', (r) => r.participantInfo.emergencyContact.phone],
  ['Medical Conditions', (r) => r.additionalInfo.medicalConditions],
  ['Dietary Restrictions', (r) => r.additionalInfo.dietaryRestrictions],
  ['Previous Experience', (r) => r.additionalInfo.previousExperience],
  ['Team', (r) => r.additionalInfo.teamName],
  ['Shirt Size', (r) => r.additionalInfo.shirtSize],
  ['Blood Group', (r) => r.additionalInfo.bloodGroup],
  ['Payment Method', (r) => r.paymentMethod],
  ['Transaction ID', (r) => r.transactionId],
  ['Order ID', (r) => r.orderId],
  ['Registration Date', (r) => r.registrationDate],
  ['Check-in Time', (r) => r.checkInTime],
  ['Check-in Gate', (r) => r.checkInGate],
  ['Ticket Downloaded', (r) => r.ticketDownloaded],
  ['Email Sent', (r) => r.emailSent],
  ['WhatsApp Sent', (r) => r.whatsappSent],
  ['Ticket Code', (r) => r.qrCode],
  ['Notes', (r) => r.notes],
];

/** A cell as text, defused when a spreadsheet would take it for a formula. */
export function csvCell(value: string | number | boolean | null): string {
  if (value === null) return '';
  const text = typeof value === 'boolean' ? (value ? 'Yes' : 'No') : String(value);
  return typeof value === 'string' && /^[=+\-@\t\r]/.test(text) ? `'${text}` : text;
}

/** An answer as a cell: choices joined, yes/no in words. */
const answerCell = (value: AnswerValue | undefined): string | number | boolean | null =>
  value === undefined ? null : Array.isArray(value) ? value.join('; ') : value;

/** The header: every attendee field, then one column per question of the exported event. */
export const registrationCsvHeader = (questions: EventQuestion[] = []) =>
  stringify([[...COLUMNS.map(([name]) => name), ...questions.map((q) => q.label)]], { record_delimiter: 'windows' });

/**
 * One record as csv-stringify writes it with `record_delimiter: 'windows'`, byte for byte
 * (registration-csv.test.ts compares them), at a fifth of its cost: a field is quoted when it holds
 * a comma, a quote (doubled) or a CRLF. The export writes 100,000 of these (decision 029).
 */
export const csvRecord = (cells: string[]) =>
  `${cells.map((text) => (/[",]|\r\n/.test(text) ? `"${text.replaceAll('"', '""')}"` : text)).join(',')}\r\n`;

export const registrationCsvLine = (registration: Registration, questions: EventQuestion[] = []) =>
  csvRecord([
    ...COLUMNS.map(([, value]) => csvCell(value(registration))),
    ...questions.map((q) => csvCell(answerCell(registration.answers[q.id]))),
  ]);
