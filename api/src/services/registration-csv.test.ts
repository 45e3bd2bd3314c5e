// The export's records are written by hand for speed (decision 029): byte for byte what
// csv-stringify wrote before, whatever a cell holds.
import { stringify } from 'csv-stringify/sync';
import { describe, expect, it } from 'vitest';
import { csvCell, csvRecord } from './registration-csv';

const byStringify = (cells: string[]) => stringify([cells], { record_delimiter: 'windows' });

describe('csvRecord', () => {
  it('writes what csv-stringify writes, for every kind of cell', () => {
    const cells = [
      '',
      'plain',
      'a,b',
      'say "hi"',
      'two\r\nlines',
      'lone\nline feed',
      'lone\rreturn',
      ' spaced ',
      '\ttab',
      'मराठी, हिंदी',
      '"',
      ',',
      csvCell('=HYPERLINK("http://evil.example")'),
      csvCell('@SUM(1+1)'),
      csvCell(12.5),
      csvCell(true),
      csvCell(null),
    ];
    for (const cell of cells) expect(csvRecord([cell, 'next']), JSON.stringify(cell)).toBe(byStringify([cell, 'next']));
    expect(csvRecord(cells)).toBe(byStringify(cells));
  });

  it('agrees with csv-stringify on random cells of the characters that matter', () => {
    const alphabet = ['a', ',', '"', '\r', '\n', ' ', '\t', "'", '=', 'é', '\u0000', ';'];
    // A fixed sequence (a linear congruential generator), so a failure is the same on every run.
    let seed = 42;
    const next = () => (seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31) / 2 ** 31;
    for (let n = 0; n < 5000; n++) {
      const cells = Array.from({ length: 1 + (n % 4) }, () =>
        Array.from({ length: Math.floor(next() * 7) }, () => alphabet[Math.floor(next() * alphabet.length)]).join(''),
      );
      expect(csvRecord(cells), JSON.stringify(cells)).toBe(byStringify(cells));
    }
  });
});
