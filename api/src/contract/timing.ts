// The timing hand-off (issue 43, decision 068): the start list in the columns a timing company
// imports, and the chip ids it hands back, imported by bib.
//   GET  /api/admin/events/:id/reports/timing.csv?format=raceresult|plain
//   POST /api/admin/events/:id/chips?dryRun=true   (text/csv: bib,chip_id)
import { z } from 'zod';
import { csvRecords, type ResultFileError } from './results';

export const TIMING_FORMATS = ['plain', 'raceresult'] as const;
export type TimingFormat = (typeof TIMING_FORMATS)[number];

/** The plain, documented start list: one runner a line. */
export const PLAIN_TIMING_COLUMNS = [
  'bib',
  'chip_id',
  'first_name',
  'last_name',
  'gender',
  'date_of_birth',
  'age_group',
  'race',
  'wave',
  'team',
  'club',
  'city',
] as const;

/**
 * RACE RESULT's participant data fields (raceresult.com knowledge base, "Participant Data Fields",
 * kbexport2?id=2767), which its participant import maps by name; Wave, Team and AgeGroup are not
 * among its default fields and come after them (RACE RESULT creates additional fields on import).
 */
export const RACERESULT_TIMING_COLUMNS = [
  'Bib',
  'Transponder1',
  'Firstname',
  'Lastname',
  'Gender',
  'DateOfBirth',
  'Contest',
  'Club',
  'City',
  'AgeGroup',
  'Wave',
  'Team',
] as const;

export const timingQuerySchema = z.object({
  format: z.enum(TIMING_FORMATS, { error: 'Format must be raceresult or plain' }).default('plain'),
});

export const chipsQuerySchema = z.object({
  dryRun: z.enum(['true', 'false'], { error: 'dryRun must be true or false' }).optional(),
});

/** A row of a chips file: the bib as written and the chip id. */
export interface ChipFileRow {
  line: number;
  bib: number;
  chipId: string;
}

export const MAX_CHIP_LENGTH = 64;

/**
 * A chips file (`bib,chip_id`, a header row, columns in any order) read by its own rules: every
 * row's problems with its line (an unreadable bib, an empty chip, a bib or a chip twice) before the
 * bibs are matched to runners (the service does that). Blank lines are skipped but counted.
 */
export function readChipsFile(text: string): { rows: ChipFileRow[]; errors: ResultFileError[] } {
  const records = csvRecords(text).filter((r) => r.cells.some((c) => c.trim() !== ''));
  const errors: ResultFileError[] = [];
  const [header, ...body] = records;
  if (!header) return { rows: [], errors: [{ line: 1, message: 'The file is empty: it needs a header row bib,chip_id' }] };
  const names = header.cells.map((c) => c.trim().toLowerCase());
  const bibAt = names.indexOf('bib');
  const chipAt = names.indexOf('chip_id');
  if (bibAt === -1 || chipAt === -1)
    return { rows: [], errors: [{ line: header.line, message: 'The header row must name the columns bib and chip_id' }] };
  const rows: ChipFileRow[] = [];
  const bibLines = new Map<number, number>();
  const chipLines = new Map<string, number>();
  for (const record of body) {
    const bibText = (record.cells[bibAt] ?? '').trim();
    const chipId = (record.cells[chipAt] ?? '').trim();
    const problems: string[] = [];
    const bib = /^\d{1,9}$/.test(bibText) ? Number(bibText) : undefined;
    if (bib === undefined) problems.push(bibText ? `Bib "${bibText}" is not a number` : 'The bib is empty');
    if (!chipId) problems.push('The chip id is empty');
    else if (chipId.length > MAX_CHIP_LENGTH) problems.push(`The chip id is longer than ${MAX_CHIP_LENGTH} characters`);
    if (bib !== undefined) {
      const first = bibLines.get(bib);
      if (first !== undefined) problems.push(`Bib ${bib} is also on line ${first}`);
      else bibLines.set(bib, record.line);
    }
    if (chipId) {
      const first = chipLines.get(chipId);
      if (first !== undefined) problems.push(`Chip ${chipId} is also on line ${first}`);
      else chipLines.set(chipId, record.line);
    }
    for (const message of problems) errors.push({ line: record.line, message });
    if (problems.length === 0) rows.push({ line: record.line, bib: bib!, chipId });
  }
  return { rows, errors };
}

/** What a chips import answers: every problem, and how many chips it assigns (or assigned). */
export interface ChipsImportResponse {
  errors: ResultFileError[];
  counts: { rows: number; assigned: number };
  saved: boolean;
}
