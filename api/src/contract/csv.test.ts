// The one CSV writer (issue 40): its records are written by hand for speed (decision 029), byte for
// byte what csv-stringify writes with line breaks quoted, and its formula guard holds at the start of
// a cell and after every line break inside one.
import { stringify } from 'csv-stringify/sync';
import { describe, expect, it } from 'vitest';
import { csvDocument, csvFigure, csvRecord, csvText } from './csv';

const byStringify = (cells: string[]) => stringify([cells.map(csvText)], { record_delimiter: 'windows', quoted_match: /[\r\n]/ });

describe('csvText: the formula guard', () => {
  it('keeps as text what a spreadsheet would run: = + - @ tab or carriage return first', () => {
    expect(csvText('=HYPERLINK("http://evil.example")')).toBe('\'=HYPERLINK("http://evil.example")');
    expect(csvText('+1+1')).toBe("'+1+1");
    expect(csvText('-2+3')).toBe("'-2+3");
    expect(csvText('@SUM(1+1)')).toBe("'@SUM(1+1)");
    expect(csvText('\t=1')).toBe("'\t=1");
    expect(csvText('\r=1')).toBe("'\r'=1");
    expect(csvText('plain = text')).toBe('plain = text');
  });

  it('also after every line break inside the cell', () => {
    expect(csvText("x\n=cmd|' /C calc'!A0")).toBe("x\n'=cmd|' /C calc'!A0");
    expect(csvText('a\r\n+b\r@c\n-d\n e')).toBe("a\r\n'+b\r'@c\n'-d\n e");
    expect(csvText('=a\n=b')).toBe("'=a\n'=b");
  });

  it('writes numbers, yes/no, nothing and formatted figures as they are', () => {
    expect(csvText(-12.5)).toBe('-12.5');
    expect(csvText(true)).toBe('Yes');
    expect(csvText(false)).toBe('No');
    expect(csvText(null)).toBe('');
    expect(csvText(undefined)).toBe('');
    expect(csvText(csvFigure('-1271.19'))).toBe('-1271.19');
    expect(csvText(csvFigure('10%'))).toBe('10%');
    // A figure is a figure: text cannot pass the guard as one.
    expect(() => csvFigure('=1+1')).toThrow(/Not a figure/);
    expect(() => csvFigure('-1\n=cmd')).toThrow(/Not a figure/);
  });
});

describe('csvRecord and csvDocument', () => {
  it('quote a cell with a comma, a quote or any line break, so a line break never starts a row', () => {
    expect(csvRecord(["x\n=cmd|' /C calc'!A0", 'next'])).toBe(`"x\n'=cmd|' /C calc'!A0",next\r\n`);
    expect(csvRecord(['lone\rreturn', 'a,b', 'say "hi"'])).toBe('"lone\rreturn","a,b","say ""hi"""\r\n');
    expect(csvDocument([['Name'], ['=1']])).toBe("\uFEFFName\r\n'=1\r\n");
  });

  it('write what csv-stringify writes, for every kind of cell', () => {
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
      '=HYPERLINK("http://evil.example")',
      '@SUM(1+1)',
      "x\n=cmd|' /C calc'!A0",
    ];
    for (const cell of cells) expect(csvRecord([cell, 'next']), JSON.stringify(cell)).toBe(byStringify([cell, 'next']));
    expect(csvRecord(cells)).toBe(byStringify(cells));
  });

  it('agree with csv-stringify on random cells of the characters that matter', () => {
    const alphabet = ['a', ',', '"', '\r', '\n', ' ', '\t', "'", '=', '+', '-', '@', 'é', '\u0000', ';'];
    // A fixed sequence (a linear congruential generator), so a failure is the same on every run.
    let seed = 42;
    const next = () => (seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31) / 2 ** 31;
    for (let n = 0; n < 5000; n++) {
      const cells = Array.from({ length: 1 + (n % 4) }, () =>
        Array.from({ length: Math.floor(next() * 7) }, () => alphabet[Math.floor(next() * alphabet.length)]).join(''),
      );
      expect(csvRecord(cells), JSON.stringify(cells)).toBe(byStringify(cells));
      // However the cell is split at its line breaks, no piece starts a formula.
      for (const cell of cells) {
        for (const piece of csvText(cell).split(/\r\n|\r|\n/)) expect(piece).not.toMatch(/^[=+\-@\t\r]/);
      }
    }
  });
});
