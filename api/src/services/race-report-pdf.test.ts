// A race report's printed layout (decision 073): columns sharing the page, long cells wrapped and
// cut short, the page turned when the columns need it. Read back as a reader sees it (poppler).
import { describe, expect, it } from 'vitest';
import { RACE_REPORT_COLUMNS, csvFigure } from '../contract';
import { pdfInfo, pdfText } from '../testing/poppler';
import { cellText, raceReportPdf, shareWidths } from './race-report-pdf';

const EVENT = { title: 'Pune Riverside Half', date: '2030-02-02', time: '05:45', venue: 'Riverside Road, Pune' };
const LONG_CONDITION =
  'Asthma since childhood, allergic to penicillin, peanuts and shellfish, carries an inhaler and an adrenaline pen, ' +
  'knee surgery in 2019, and the last words of this note never print';

describe('a race report to print', () => {
  it('shares the width: what the columns ask for, spread to fill, the widest giving way first', () => {
    expect(shareWidths([10, 30], [5, 5], 80)).toEqual([20, 60]);
    const widths = shareWidths([10, 70, 70], [8, 20, 20], 100);
    expect(widths.reduce((a, b) => a + b, 0)).toBeCloseTo(100, 3);
    expect(widths[0]).toBe(10);
    expect(widths[1]).toBeCloseTo(45, 3);
  });

  it('prints a cell as the CSV reader sees it', () => {
    expect([cellText(null), cellText(true), cellText(12), cellText(csvFigure('1.50')), cellText('two\nlines')]).toEqual([
      '',
      'Yes',
      '12',
      '1.50',
      'two lines',
    ]);
  });

  it('wraps a long cell within its column, cuts it after three lines, and keeps its neighbours', async () => {
    const columns = RACE_REPORT_COLUMNS.medical;
    const row = [101, 'REG0001', 'Asha', 'Devi Rao', 'Half Marathon', 'O+', LONG_CONDITION, 'Ravi Rao', '98765 43210'];
    const pdf = await raceReportPdf({ kind: 'medical', event: EVENT, columns, rows: [row] });
    const text = pdfText(pdf);
    // The row's first line holds every short cell beside the condition's first words.
    expect(text).toMatch(
      /101\s+REG0001\s+Asha\s+Devi Rao\s+Half Marathon\s+O\+\s+Asthma since childhood.*Ravi Rao\s+98765 43210/,
    );
    expect(text).toContain('...');
    expect(text).not.toContain('never print');
    expect(pdfInfo(pdf)['Page size']).toBe('595.28 x 841.89 pts (A4)');
  });

  it('turns the page when the columns need more than its width', async () => {
    const columns = RACE_REPORT_COLUMNS['check-ins'];
    const row = [
      101,
      'REG20300115000001',
      'Venkatalakshmi Subramaniam',
      'Chandrasekharan Iyer',
      'Full Marathon Elite Wave',
      'kit',
      'Expo Hall B, Counter 4',
      '2030-01-14 12:00:00',
      'volunteer.kit.desk.four@example.com',
      'offline',
    ];
    const pdf = await raceReportPdf({ kind: 'check-ins', event: EVENT, columns, rows: [row] });
    expect(pdfInfo(pdf)['Page size']).toBe('841.89 x 595.28 pts (A4)');
    const text = pdfText(pdf);
    expect(text).toContain('volunteer.kit.desk.four@example.com');
    expect(text).toContain('Page 1 of 1');
  });

  it('says so when nobody is in the report', async () => {
    const pdf = await raceReportPdf({ kind: 'guardians', event: EVENT, columns: RACE_REPORT_COLUMNS.guardians, rows: [] });
    const text = pdfText(pdf);
    expect(text).toContain('Guardians of minors');
    expect(text).toContain('Nobody is in this report yet.');
  });
});
