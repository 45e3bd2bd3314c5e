import { describe, expect, it } from 'vitest';
import { csvRecords, readResultsFile } from './results';

describe('reading a results file', () => {
  it('reads a BOM, CRLF line ends, quotes and blank lines, keeping each row line', () => {
    const text = '\uFEFFbib,gun_time,net_time,status,split_1\r\n101,1:02:10,"1:02:03.4",finisher,30:05\r\n\r\n102,,,DNF,\r\n';
    const { rows, errors } = readResultsFile(text);
    expect(errors).toEqual([]);
    expect(rows).toEqual([
      { line: 2, bib: 101, status: 'finisher', gunTenths: 37300, netTenths: 37234, splits: [18050] },
      { line: 4, bib: 102, status: 'DNF', gunTenths: null, netTenths: null, splits: [] },
    ]);
    expect(csvRecords('a,"b\nc",d\ne').map((r) => r.line)).toEqual([1, 3]);
  });

  it('lists every bad row with its line before anything is saved', () => {
    const text = [
      'bib,gun_time,net_time,status,split_1,split_2',
      '101,1:00:00,0:59:00,finisher,20:00,40:00',
      '101,1:00:00,0:59:00,finisher,,',
      'abc,1:00:00,0:59:00,finisher,,',
      '103,1:00:00,1:75:00,finisher,,',
      '104,0:58:00,0:59:00,finisher,,',
      '105,1:00:00,0:59:00,finisher,40:00,20:00',
      '106,,,finisher,,',
      '107,,,walked,,',
    ].join('\n');
    const { rows, errors } = readResultsFile(text);
    expect(rows.map((r) => r.bib)).toEqual([101]);
    expect(errors).toEqual([
      { line: 3, message: 'Bib 101 is on line 2 already' },
      { line: 4, message: 'Bib "abc" is not a number' },
      { line: 5, message: 'Unreadable net time "1:75:00" (use H:MM:SS or M:SS, with optional tenths)' },
      { line: 6, message: 'The net time is longer than the gun time' },
      { line: 7, message: 'split_2 is not after the split before it' },
      { line: 8, message: 'A finisher needs a net time' },
      { line: 9, message: 'Status "walked" is not one of finisher, DNF, DNS, DQ' },
    ]);
  });

  it('refuses a file without the columns, naming them', () => {
    expect(readResultsFile('bib,time\n1,0:50:00').errors).toEqual([
      {
        line: 1,
        message:
          'The header row lacks gun_time, net_time, status: the columns are bib,gun_time,net_time,status then split_1, split_2…',
      },
    ]);
    expect(readResultsFile('\n\n').errors[0].message).toMatch(/empty/);
  });
});
