import { legalParagraphs } from '@tdk/api/contract';

/** A block of a public page's text: a paragraph, or a paragraph under its own short heading. */
export interface LegalSection {
  heading?: string;
  /** The paragraph's lines, shown with their line breaks. */
  text: string;
}

/** A first line this short, not ending like a sentence, above more lines, is the paragraph's heading. */
const HEADING_MAX = 80;
const ENDS_LIKE_A_SENTENCE = /[.,;:!?।]$/;

/**
 * The text staff wrote (plain text, paragraphs split by a blank line), as the page shows it: a
 * paragraph whose first line reads as a title ('Grievance officer', '2. Bookings') gets it as a
 * heading. Text only: nothing in it is ever read as markup.
 */
export function legalSections(text: string): LegalSection[] {
  return legalParagraphs(text).map((paragraph) => {
    const [first = '', ...rest] = paragraph.split('\n');
    const heading = first.trim();
    if (rest.length > 0 && heading.length <= HEADING_MAX && !ENDS_LIKE_A_SENTENCE.test(heading)) {
      return { heading, text: rest.join('\n').trim() };
    }
    return { text: paragraph };
  });
}
