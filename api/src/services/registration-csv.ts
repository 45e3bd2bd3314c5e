// The console's CSV export: every field of an attendee, one line each (decision 021), with the
// event's questions as columns when the export is of one event, written by the platform's one CSV
// writer (contract/csv.ts: RFC 4180 quoting, line breaks inside cells quoted, and its formula guard,
// so an attendee's name can never become a command in the organiser's Excel).
import type { AnswerValue, EventQuestion, Registration } from '../contract';
import { csvRecord, type CsvValue } from '../contract/csv';

const COLUMNS: [string, (r: Registration) => CsvValue][] = [
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

/** An answer as a cell: choices joined, yes/no in words. */
const answerCell = (value: AnswerValue | undefined): CsvValue =>
  value === undefined ? null : Array.isArray(value) ? value.join('; ') : value;

/** The header: every attendee field, then one column per question of the exported event (labels guarded too). */
export const registrationCsvHeader = (questions: EventQuestion[] = []) =>
  csvRecord([...COLUMNS.map(([name]) => name), ...questions.map((q) => q.label)]);

export const registrationCsvLine = (registration: Registration, questions: EventQuestion[] = []) =>
  csvRecord([
    ...COLUMNS.map(([, value]) => value(registration)),
    ...questions.map((q) => answerCell(registration.answers[q.id])),
  ]);
