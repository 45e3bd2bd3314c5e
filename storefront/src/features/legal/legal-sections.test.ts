import { describe, expect, it } from 'vitest';
import { legalSections } from './legal-sections';

describe('legalSections', () => {
  it('splits paragraphs at blank lines and keeps single line breaks inside them', () => {
    expect(legalSections('First line.\nSame paragraph.\r\n\r\n\n  Second paragraph.  ')).toEqual([
      { text: 'First line.\nSame paragraph.' },
      { text: 'Second paragraph.' },
    ]);
  });

  it('takes a short first line that is not a sentence as the paragraph’s heading', () => {
    expect(legalSections('2. Bookings\nA booking is confirmed when paid.\n\nGrievance Officer\nWrite to us.')).toEqual([
      { heading: '2. Bookings', text: 'A booking is confirmed when paid.' },
      { heading: 'Grievance Officer', text: 'Write to us.' },
    ]);
  });

  it('leaves a sentence, a lone line and a long first line as text', () => {
    const long = 'x'.repeat(81);
    expect(legalSections(`We answer within a day.\nThank you.\n\nAlone\n\n${long}\nmore`)).toEqual([
      { text: 'We answer within a day.\nThank you.' },
      { text: 'Alone' },
      { text: `${long}\nmore` },
    ]);
  });

  it('keeps markup as the words typed', () => {
    expect(legalSections('<script>alert(1)</script>')).toEqual([{ text: '<script>alert(1)</script>' }]);
  });
});
