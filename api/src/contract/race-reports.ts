// The reports a race runs on (issue 44, decision 066): one CSV each, of an event's paid attendees,
// at GET /api/admin/events/:id/reports/{kind}.csv (managers). The console lists them with what
// each holds; the server writes them (services/race-reports.ts). Shared so both say the same kinds.
import { z } from 'zod';

export const RACE_REPORT_KINDS = ['tshirts', 'medical', 'guardians', 'start-list', 'kit', 'check-ins'] as const;
export type RaceReportKind = (typeof RACE_REPORT_KINDS)[number];

export const raceReportParamSchema = z.object({
  id: z.string().regex(/^\d+$/, 'Event must be a number').transform(Number),
  report: z.enum(RACE_REPORT_KINDS.map((k) => `${k}.csv`) as [string, ...string[]]),
});

/** The kind a path's file name names ('start-list.csv' → 'start-list'). */
export const raceReportKindOf = (file: string): RaceReportKind => file.replace(/\.csv$/, '') as RaceReportKind;

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
