import { describe, expect, it } from 'vitest';
import { toCsv } from './csv';

describe('toCsv', () => {
  it('writes a BOM, a header and CRLF rows, quoting where needed', () => {
    expect(
      toCsv(
        ['City', 'Revenue'],
        [
          ['Mumbai, MH', 1500.5],
          ['Say "hi"', null],
        ],
      ),
    ).toBe('\uFEFFCity,Revenue\r\n"Mumbai, MH",1500.5\r\n"Say ""hi""",\r\n');
  });

  it('keeps a formula after a line break in one quoted cell of text (issue 40)', () => {
    expect(toCsv(['Event'], [["x\n=cmd|' /C calc'!A0"]])).toBe(`\uFEFFEvent\r\n"x\n'=cmd|' /C calc'!A0"\r\n`);
  });

  it('defuses text a spreadsheet would run as a formula, but not negative numbers', () => {
    expect(toCsv(['Event'], [['=HYPERLINK("x")'], ['@SUM(A1)'], [-12.5]])).toBe(
      '\uFEFFEvent\r\n"\'=HYPERLINK(""x"")"\r\n\'@SUM(A1)\r\n-12.5\r\n',
    );
  });
});
