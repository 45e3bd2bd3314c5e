// A ticket's words as jsPDF can write them (decision 019): Devanagari in the embedded face, the
// rest in the standard Helvetica, which speaks Latin-1 only. jsPDF places glyphs one after another
// and does no shaping of its own, so the one reordering a reader cannot do without is done here.

/** What the embedded Devanagari face writes: the script, ZWNJ/ZWJ, and the rupee sign it also holds. */
const FACE_RUN = /(?:[\u0900-\u097F\u20B9]|\u200C|\u200D)+/g;

export interface ScriptRun {
  text: string;
  /** In the embedded face (Devanagari, the rupee sign) rather than Helvetica. */
  devanagari: boolean;
}

/** Characters Helvetica lacks, as it can write them. */
const LATIN_STAND_INS: Readonly<Record<string, string>> = {
  '\u2014': '-',
  '\u2013': '-',
  '\u2018': "'",
  '\u2019': "'",
  '\u201C': '"',
  '\u201D': '"',
  '\u2026': '...',
  '\u00A0': ' ',
  '\u202F': ' ',
  '\u2009': ' ',
};

/**
 * What Helvetica writes of `text`: Latin-1 as it is, dashes, quotes and spaces as their plain
 * forms, the rupee sign as 'Rs. ' (when there is no embedded face to write it), anything else a
 * space (jsPDF would drop it silently).
 */
export function latinText(text: string): string {
  return text.replace(/\u20B9\s?/g, 'Rs. ').replace(/[^\x20-\x7E\xA1-\xFF]/gu, (character) => LATIN_STAND_INS[character] ?? ' ');
}

/**
 * A line as runs: what the embedded face writes (Devanagari words, the rupee sign) and what lies
 * between, for Helvetica. Without the face (`face` false) the whole line is one Latin run. A run
 * for a shaping engine (`shaped`, decision 070) keeps the order it was typed in; one for jsPDF's
 * glyph-by-glyph writing is put in visual order.
 */
export function scriptRuns(line: string, face = true, shaped = false): ScriptRun[] {
  if (!face) return line ? [{ text: latinText(line), devanagari: false }] : [];
  const runs: ScriptRun[] = [];
  let at = 0;
  for (const match of line.matchAll(FACE_RUN)) {
    if (match.index > at) runs.push({ text: latinText(line.slice(at, match.index)), devanagari: false });
    runs.push({ text: shaped ? match[0] : visualOrder(match[0]), devanagari: true });
    at = match.index + match[0].length;
  }
  if (at < line.length) runs.push({ text: latinText(line.slice(at)), devanagari: false });
  return runs;
}

/** Whether any of the texts needs the embedded face. */
/**
 * `text` in lines that `fits` (a line's measure, in the caller's font), word by word; a word too long
 * for a line stands alone. The ticket's and the invoice's PDFs both lay their text out with it.
 */
export function wrapWords(text: string, fits: (line: string) => boolean): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(/\s+/).filter(Boolean)) {
    const tried = line ? `${line} ${word}` : word;
    if (!line || fits(tried)) line = tried;
    else {
      lines.push(line);
      line = word;
    }
  }
  if (line) lines.push(line);
  return lines;
}

export const needsDevanagariFace = (texts: readonly string[]) => texts.some((text) => /[\u0900-\u097F]/.test(text));

const VIRAMA = '\u094D';
const NUKTA = '\u093C';
const SIGN_I = '\u093F';
const JOINERS = new Set(['\u200C', '\u200D']);
const isConsonant = (character: string | undefined) =>
  character !== undefined && /[\u0915-\u0939\u0958-\u095F\u0978-\u097F]/.test(character);

/** Where the consonant cluster ending at `end` starts (consonants joined by viramas), or -1 when none ends there. */
function clusterStart(characters: readonly string[], end: number): number {
  let base = characters[end] === NUKTA ? end - 1 : end;
  if (!isConsonant(characters[base])) return -1;
  for (;;) {
    let virama = base - 1;
    if (JOINERS.has(characters[virama] ?? '')) virama -= 1;
    if (characters[virama] !== VIRAMA) return base;
    let previous = virama - 1;
    if (characters[previous] === NUKTA) previous -= 1;
    if (!isConsonant(characters[previous])) return base;
    base = previous;
  }
}

/**
 * Devanagari in the order its glyphs stand on the line: the vowel sign i (ि), written after its
 * consonant cluster, is drawn before it ('तिथि' is drawn as 'ि त ि थ'). A shaping engine does this;
 * jsPDF has none. Conjuncts keep a visible virama (क्ष reads क्‌ष), which a reader still reads.
 */
export function visualOrder(text: string): string {
  const characters: string[] = [];
  for (const character of text) {
    if (character === SIGN_I) {
      const start = clusterStart(characters, characters.length - 1);
      if (start >= 0) {
        characters.splice(start, 0, character);
        continue;
      }
    }
    characters.push(character);
  }
  return characters.join('');
}
