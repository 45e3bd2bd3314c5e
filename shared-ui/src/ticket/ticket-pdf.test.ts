import { describe, expect, it } from 'vitest';
import { scriptRuns } from './ticket-pdf';

describe('scriptRuns', () => {
  it('parts a line into Devanagari words and what lies between, in order', () => {
    expect(scriptRuns('पंजीकरण संख्या: REG123')).toEqual([
      { text: 'पंजीकरण', devanagari: true },
      { text: ' ', devanagari: false },
      { text: 'संख्या', devanagari: true },
      { text: ': REG123', devanagari: false },
    ]);
  });

  it('keeps what the standard fonts cannot write out of the Latin runs', () => {
    expect(scriptRuns('₹499 · टिकट')).toEqual([
      { text: ' 499   ', devanagari: false },
      { text: 'टिकट', devanagari: true },
    ]);
  });
});
