import { describe, expect, it } from 'vitest';
import { latinText, needsDevanagariFace, scriptRuns, visualOrder } from './pdf-text';

describe('scriptRuns', () => {
  it('parts a line into Devanagari words and what lies between, in order', () => {
    expect(scriptRuns('पंजीकरण संख्या: REG123')).toEqual([
      { text: visualOrder('पंजीकरण'), devanagari: true },
      { text: ' ', devanagari: false },
      { text: 'संख्या', devanagari: true },
      { text: ': REG123', devanagari: false },
    ]);
  });

  it('writes the rupee sign in the embedded face, and keeps Latin-1 for Helvetica', () => {
    expect(scriptRuns('₹499 · टिकट')).toEqual([
      { text: '₹', devanagari: true },
      { text: '499 · ', devanagari: false },
      { text: '\u093Fटकट', devanagari: true },
    ]);
  });

  it('without the face, is one Latin run with the rupee as Rs.', () => {
    expect(scriptRuns('Price paid: ₹1,598', false)).toEqual([{ text: 'Price paid: Rs. 1,598', devanagari: false }]);
  });
});

describe('latinText', () => {
  it('keeps what Helvetica writes and puts plain forms for dashes and quotes', () => {
    expect(latinText('José Müller × 2')).toBe('José Müller × 2');
    expect(latinText('Details to be completed — contact the organiser')).toBe('Details to be completed - contact the organiser');
    expect(latinText('“Asha’s” run…')).toBe('"Asha\'s" run...');
  });

  it('writes a space for a letter it has no glyph for, never drops it', () => {
    expect(latinText('அ B')).toBe('  B');
  });
});

describe('visualOrder', () => {
  it('draws the vowel sign i before its consonant', () => {
    expect(visualOrder('तिथि')).toBe('\u093Fत\u093Fथ');
    expect(visualOrder('टिकट')).toBe('\u093Fटकट');
  });

  it('draws it before the whole conjunct it follows', () => {
    // स्थिति: स ् थ ि त ि
    expect(visualOrder('स्थिति')).toBe('\u093Fस\u094Dथ\u093Fत');
  });

  it('keeps a consonant with a nukta together', () => {
    expect(visualOrder('ड़ि')).toBe('\u093Fड़');
  });

  it('leaves text without the sign i as it is', () => {
    expect(visualOrder('प्रतिभागी'.replace('ि', 'ी'))).toBe('प्रतीभागी');
    expect(visualOrder('ि')).toBe('ि');
  });
});

describe('needsDevanagariFace', () => {
  it('is true only when some text has Devanagari', () => {
    expect(needsDevanagariFace(['Asha Rao', '₹799'])).toBe(false);
    expect(needsDevanagariFace(['Asha Rao', 'शनिवार, 5 दिसंबर 2026'])).toBe(true);
  });
});
