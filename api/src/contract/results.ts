// Results (issue 43, decision 063): the timing company's file and the answers about results.
// Browser-safe: the console reads a file with the same rules before sending it.
import { z } from 'zod';
import { queryNumber } from './list-query';
import { CONTROL_CHARACTERS_MESSAGE, hasControlCharacters } from './registration';
import { parseRaceTime, RESULT_STATUSES, type ResultStatus } from './race-times';

/** The columns a results file must have (DESIGN.md section 3, "race day"); `split_1..split_n` may follow. */
export const RESULT_COLUMNS = ['bib', 'gun_time', 'net_time', 'status'] as const;

/** The most rows one file may hold, and its largest size. */
export const MAX_RESULT_ROWS = 100_000;
export const MAX_RESULTS_FILE_BYTES = 16 * 1024 * 1024;

export interface ResultFileRow {
  /** The row's line in the file (the header is line 1; blank lines count). */
  line: number;
  bib: number;
  status: ResultStatus;
  gunTenths: number | null;
  netTenths: number | null;
  splits: number[];
}

export interface ResultFileError {
  line: number;
  message: string;
}

/** Splits CSV text into records with their first line's number: RFC 4180 quotes, CRLF or LF, a BOM ignored. */
export function csvRecords(text: string): { line: number; cells: string[] }[] {
  const records: { line: number; cells: string[] }[] = [];
  let cells: string[] = [];
  let cell = '';
  let quoted = false;
  let line = 1;
  let start = 1;
  let i = text.charCodeAt(0) === 0xfeff ? 1 : 0;
  const endRecord = () => {
    cells.push(cell);
    records.push({ line: start, cells });
    cells = [];
    cell = '';
  };
  for (; i < text.length; i++) {
    const ch = text[i];
    if (quoted) {
      if (ch === '"') {
        if (text[i + 1] === '"') {
          cell += '"';
          i++;
        } else quoted = false;
      } else {
        if (ch === '\n') line++;
        cell += ch;
      }
    } else if (ch === '"' && cell === '') quoted = true;
    else if (ch === ',') {
      cells.push(cell);
      cell = '';
    } else if (ch === '\n' || ch === '\r') {
      if (ch === '\r' && text[i + 1] === '\n') i++;
      endRecord();
      line++;
      start = line;
    } else cell += ch;
  }
  if (cell !== '' || cells.length > 0) endRecord();
  return records;
}

const STATUS_BY_WORD = new Map(RESULT_STATUSES.map((s) => [s.toLowerCase(), s]));
const UNREADABLE = 'use H:MM:SS or M:SS, with optional tenths';

/**
 * A results file read by its own rules: every row's problems with its line, before the bibs are
 * matched to runners (the service does that). Blank lines are skipped.
 */
export function readResultsFile(text: string): { rows: ResultFileRow[]; errors: ResultFileError[] } {
  const records = csvRecords(text).filter((r) => r.cells.some((c) => c.trim() !== ''));
  const errors: ResultFileError[] = [];
  const rows: ResultFileRow[] = [];
  const header = records.shift();
  if (!header)
    return {
      rows,
      errors: [{ line: 1, message: `The file is empty: its first line must name the columns ${RESULT_COLUMNS.join(',')}` }],
    };
  const names = header.cells.map((c) => c.trim().toLowerCase());
  const missing = RESULT_COLUMNS.filter((c) => !names.includes(c));
  if (missing.length > 0) {
    return {
      rows,
      errors: [
        {
          line: header.line,
          message: `The header row lacks ${missing.join(', ')}: the columns are ${RESULT_COLUMNS.join(',')} then split_1, split_2…`,
        },
      ],
    };
  }
  const at = Object.fromEntries(RESULT_COLUMNS.map((c) => [c, names.indexOf(c)])) as Record<
    (typeof RESULT_COLUMNS)[number],
    number
  >;
  const splitColumns = names
    .map((name, index) => ({ n: /^split_(\d+)$/.exec(name)?.[1], index }))
    .filter((s): s is { n: string; index: number } => s.n !== undefined)
    .sort((a, b) => Number(a.n) - Number(b.n));
  if (records.length > MAX_RESULT_ROWS) {
    return {
      rows,
      errors: [{ line: header.line, message: `The file has ${records.length} rows: at most ${MAX_RESULT_ROWS} at a time` }],
    };
  }
  const firstLineOfBib = new Map<number, number>();
  for (const { line, cells } of records) {
    const problems: string[] = [];
    const cell = (index: number) => (cells[index] ?? '').trim();
    const bibText = cell(at.bib);
    const bib = /^\d{1,9}$/.test(bibText) ? Number(bibText) : undefined;
    if (bib === undefined) problems.push(bibText ? `Bib "${bibText}" is not a number` : 'The bib is missing');
    else if (firstLineOfBib.has(bib)) problems.push(`Bib ${bib} is on line ${firstLineOfBib.get(bib)} already`);
    else firstLineOfBib.set(bib, line);
    const statusText = cell(at.status);
    const status = STATUS_BY_WORD.get(statusText.toLowerCase());
    if (!status) problems.push(`Status "${statusText}" is not one of ${RESULT_STATUSES.join(', ')}`);
    const time = (label: string, text: string) => {
      if (text === '') return null;
      const tenths = parseRaceTime(text);
      if (tenths === undefined) problems.push(`Unreadable ${label} "${text}" (${UNREADABLE})`);
      return tenths ?? null;
    };
    const gunTenths = time('gun time', cell(at.gun_time));
    const netTenths = time('net time', cell(at.net_time));
    if (status === 'finisher' && cell(at.net_time) === '') problems.push('A finisher needs a net time');
    if (gunTenths !== null && netTenths !== null && netTenths > gunTenths)
      problems.push('The net time is longer than the gun time');
    const splits: number[] = [];
    for (const { n, index } of splitColumns) {
      const text = cell(index);
      if (text === '') continue;
      const tenths = time(`split_${n}`, text);
      if (tenths === null) continue;
      if (splits.length > 0 && tenths <= splits[splits.length - 1]) problems.push(`split_${n} is not after the split before it`);
      else if (netTenths !== null && tenths > netTenths) problems.push(`split_${n} is after the net time`);
      splits.push(tenths);
    }
    if (problems.length > 0) errors.push(...problems.map((message) => ({ line, message })));
    else rows.push({ line, bib: bib!, status: status!, gunTenths, netTenths, splits });
  }
  return { rows, errors };
}

/** POST /api/admin/events/:id/results/import's answer (a dry run, or the version saved). */
export interface ResultsImportResponse {
  /** Rows read without a problem. */
  rows: number;
  errors: ResultFileError[];
  counts: Record<ResultStatus, number>;
  /** The version saved (absent on a dry run). */
  version?: ResultVersionSummary;
}

export interface ResultVersionSummary {
  id: number;
  number: number;
  rows: number;
  createdByEmail: string;
  createdAt: string;
  publishedAt: string | null;
}

/** GET /api/admin/events/:id/results: every version, newest first, and the latest one's rows for staff. */
export interface AdminResultsResponse {
  versions: ResultVersionSummary[];
  results: AdminResult[];
}

export interface PublicResult {
  id: number;
  bib: number;
  name: string;
  race: string;
  raceId: number;
  category: string;
  gender: string;
  status: ResultStatus;
  netTime: string | null;
  gunTime: string | null;
  /** Minutes and seconds per km, when the race has a distance. */
  pace: string | null;
  splits: string[];
  rankOverall: number | null;
  rankGender: number | null;
  rankCategory: number | null;
  /** A compact JWS (EdDSA) of SignedResultPayload; its key is in /.well-known/tdk-results-keys.json. */
  signedResult: string;
}

export interface AdminResult extends Omit<PublicResult, 'signedResult'> {
  withheld: boolean;
  withheldReason: string;
  line: number;
}

/** GET /api/events/:id/results. */
export interface PublicResultsResponse {
  event: { id: number; title: string; date: string; organiser: string };
  races: { id: number; name: string; distanceKm: number | null }[];
  categories: string[];
  results: PublicResult[];
  /** Results matching the filters (the page shows at most `limit` of them). */
  total: number;
  version: number;
}

/** GET /api/results/:id. */
export interface PublicResultResponse {
  result: PublicResult;
  event: { id: number; title: string; date: string; organiser: string };
}

/**
 * What a signed result says (decision 063): the JWS payload, JSON. `v` is the payload's format; a
 * verifier checks the signature with the key of the header's `kid` from the JWKS and reads these.
 */
export interface SignedResultPayload {
  v: 1;
  /** The result's id and the results version it was published in. */
  resultId: number;
  version: number;
  name: string;
  birthYear: number | null;
  gender: string;
  bib: number;
  event: { id: number; title: string; date: string };
  organiser: string;
  race: { id: number; name: string; distanceMetres: number | null };
  category: string;
  status: ResultStatus;
  netTime: string | null;
  gunTime: string | null;
  rankOverall: number | null;
  /** Issuer: the platform's public address. */
  iss: string;
}

/** GET /api/events/:id/results's query. */
const resultSearch = z
  .string()
  .trim()
  .max(100, 'Search must be at most 100 characters')
  .refine((text) => !hasControlCharacters(text), CONTROL_CHARACTERS_MESSAGE)
  .optional();
export const resultsQuerySchema = z.object({
  race: queryNumber('Race', 1, 1_000_000_000).optional(),
  category: resultSearch,
  q: resultSearch,
  limit: queryNumber('Limit', 1, 200).default(50),
  offset: queryNumber('Offset', 0, MAX_RESULT_ROWS).default(0),
});
export type ResultsQuery = z.input<typeof resultsQuerySchema>;

/** GET /api/admin/events/:id/results's query, and the import's. */
export const adminResultsQuerySchema = z.object({ q: resultSearch });
export const importQuerySchema = z.object({ dryRun: z.enum(['true', 'false']).optional() });

/** POST /api/admin/events/:id/results/:resultId/withhold. */
export const withholdResultSchema = z
  .object({
    withheld: z.boolean({ error: 'Say whether the result is withheld' }),
    reason: z.string().trim().max(500, 'Reason must be at most 500 characters').default(''),
  })
  .refine((v) => !v.withheld || v.reason.length > 0, { path: ['reason'], message: 'Give the reason for withholding it' });
export type WithholdResultInput = z.input<typeof withholdResultSchema>;

export const resultParamSchema = z.object({
  id: z.coerce.number().int().positive(),
  resultId: z.coerce.number({ error: 'Result id must be a number' }).int().positive(),
});
