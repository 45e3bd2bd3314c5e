// The reports a race runs on (issue 44, decisions 066 and 073): each of an event's paid attendees,
// at GET /api/admin/events/:id/reports/{kind}.csv (a spreadsheet) and {kind}.pdf (to print), for
// managers. The console lists them with what each holds; the server writes them
// (services/race-reports.ts, race-report-pdf.ts). Shared so both say the same kinds.
import { z } from 'zod';

export const RACE_REPORT_KINDS = ['tshirts', 'medical', 'guardians', 'start-list', 'kit', 'check-ins'] as const;
export type RaceReportKind = (typeof RACE_REPORT_KINDS)[number];

/** A report's forms: the CSV for a spreadsheet, the PDF to print (decision 073). Both hold the same rows. */
export const RACE_REPORT_FORMATS = ['csv', 'pdf'] as const;
export type RaceReportFormat = (typeof RACE_REPORT_FORMATS)[number];

export const raceReportParamSchema = z.object({
  id: z.string().regex(/^\d+$/, 'Event must be a number').transform(Number),
  report: z.enum(RACE_REPORT_KINDS.flatMap((k) => RACE_REPORT_FORMATS.map((f) => `${k}.${f}`)) as [string, ...string[]]),
});

/** The kind a path's file name names ('start-list.csv' → 'start-list'). */
export const raceReportKindOf = (file: string): RaceReportKind => file.replace(/\.(csv|pdf)$/, '') as RaceReportKind;

/** The form a path's file name asks for ('start-list.pdf' → 'pdf'). */
export const raceReportFormatOf = (file: string): RaceReportFormat => (file.endsWith('.pdf') ? 'pdf' : 'csv');

/** Each report's title, as the printed PDF heads its pages (the console's own words are its catalogue's). */
export const RACE_REPORT_TITLES: Record<RaceReportKind, string> = {
  tshirts: 'T-shirt sizes',
  medical: 'Medical and emergency sheet',
  guardians: 'Guardians of minors',
  'start-list': 'Start list',
  kit: 'Kit collection',
  'check-ins': 'Check-ins',
};

/** Reports holding attendees' health or guardians' details: personal data, audited as such (decision 030). */
export const PERSONAL_RACE_REPORTS: readonly RaceReportKind[] = ['medical', 'guardians', 'start-list', 'kit', 'check-ins'];

/** Each report's columns, in order: the console shows them under the report's download button. */
export const RACE_REPORT_COLUMNS: Record<RaceReportKind, readonly string[]> = {
  tshirts: ['Ticket', 'T-shirt Size', 'Count'],
  medical: [
    'Bib',
    'Ticket Number',
    'First Name',
    'Last Name',
    'Ticket',
    'Blood Group',
    'Medical Conditions',
    'Emergency Contact',
    'Emergency Phone',
  ],
  guardians: [
    'Bib',
    'Ticket Number',
    'First Name',
    'Last Name',
    'Date of Birth',
    'Age on Event Day',
    'Ticket',
    'Guardian Name',
    'Guardian Relation',
    'Guardian Phone',
    'Guardian Consent (IST)',
  ],
  'start-list': [
    'Bib',
    'First Name',
    'Last Name',
    'Gender',
    'Date of Birth',
    'Category',
    'Race',
    // The runner's start wave (decision 068): staff's hand assignment, else derived.
    'Wave',
    'Team',
  ],
  kit: [
    'Bib',
    'Ticket Number',
    'First Name',
    'Last Name',
    'Ticket',
    'T-shirt Size',
    'Kit Collected',
    'Collected At (IST)',
    'Handed Over',
  ],
  'check-ins': ['Bib', 'Ticket Number', 'First Name', 'Last Name', 'Ticket', 'List', 'Gate', 'Time (IST)', 'Staff', 'Via'],
};
