import { inflateSync } from 'node:zlib';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { Page } from '@playwright/test';

// What the language journeys read back: the e-mails the platform wrote (.eml, MIME as nodemailer
// writes it) and the text of a ticket's PDF (jsPDF's Identity-H text through its ToUnicode map).

const outbox = () => path.join(process.env.TDK_TEST_DATA_DIR!, 'outbox');

/** The raw .eml files of the outbox. */
export function outboxMails(): string[] {
  try {
    return readdirSync(outbox())
      .filter((file) => file.endsWith('.eml'))
      .map((file) => readFileSync(path.join(outbox(), file), 'utf8'));
  } catch {
    return [];
  }
}

const utf8 = (bytes: number[]) => Buffer.from(bytes).toString('utf8');

function decodeBody(body: string, encoding: string): string {
  if (/base64/i.test(encoding)) return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
  if (/quoted-printable/i.test(encoding)) {
    const soft = body.replace(/=\r?\n/g, '');
    const bytes: number[] = [];
    for (let i = 0; i < soft.length; i += 1) {
      if (soft[i] === '=' && /^[0-9A-F]{2}$/i.test(soft.slice(i + 1, i + 3))) {
        bytes.push(parseInt(soft.slice(i + 1, i + 3), 16));
        i += 2;
      } else bytes.push(...Buffer.from(soft[i]!, 'utf8'));
    }
    return utf8(bytes);
  }
  return body;
}

/** An encoded-word header ('=?UTF-8?B?…?=' or '?Q?') back to text. */
function decodeHeader(value: string): string {
  return value
    .replace(/\?=\s+=\?/g, '?==?')
    .replace(/=\?utf-8\?([BQ])\?([^?]*)\?=/gi, (_, kind: string, text: string) =>
      kind.toUpperCase() === 'B'
        ? Buffer.from(text, 'base64').toString('utf8')
        : decodeBody(text.replace(/_/g, ' '), 'quoted-printable'),
    );
}

export interface ReadMail {
  to: string;
  subject: string;
  text: string;
  html: string;
}

/** One .eml as its recipient, subject and decoded text and HTML parts. */
export function readMail(raw: string): ReadMail {
  const header = (name: string, block: string) => {
    const match = new RegExp(`^${name}:((?:.*)(?:\\r?\\n[ \\t].*)*)`, 'mi').exec(block);
    return match ? match[1]!.replace(/\r?\n[ \t]/g, ' ').trim() : '';
  };
  const [head = ''] = raw.split(/\r?\n\r?\n/);
  const parts: Record<string, string> = {};
  for (const part of raw.split(/\r?\n--[^\r\n]+/)) {
    const [partHead = '', ...rest] = part.split(/\r?\n\r?\n/);
    const type = header('Content-Type', partHead);
    const kind = /text\/plain/i.test(type) ? 'text' : /text\/html/i.test(type) ? 'html' : undefined;
    if (kind && !parts[kind]) parts[kind] = decodeBody(rest.join('\n\n'), header('Content-Transfer-Encoding', partHead));
  }
  return {
    to: header('To', head),
    subject: decodeHeader(header('Subject', head)),
    text: parts.text ?? '',
    html: parts.html ?? '',
  };
}

/** The text a PDF written by jsPDF shows, in drawing order: literal strings and Identity-H glyph runs through the ToUnicode maps. */
export function pdfText(bytes: Buffer): string {
  // The streams inflated (the ticket PDF is compressed), so their text and character maps can be read.
  const raw = bytes.toString('latin1');
  const pdf = [...raw.matchAll(/<<([^]*?)>>\s*stream\r?\n([\s\S]*?)\r?\nendstream/g)]
    .map(([, dictionary, stream]) => {
      if (!/FlateDecode/.test(dictionary!)) return stream!;
      try {
        return inflateSync(Buffer.from(stream!, 'latin1')).toString('latin1');
      } catch {
        return '';
      }
    })
    .join('\n');
  const glyphs = new Map<string, string>();
  for (const map of pdf.matchAll(/beginbfchar\n([\s\S]*?)\nendbfchar/g)) {
    for (const [, code, unicode] of map[1]!.matchAll(/<([0-9a-f]{4})><([0-9a-f]{4})>/gi)) {
      glyphs.set(code!.toLowerCase(), String.fromCharCode(parseInt(unicode!, 16)));
    }
  }
  let text = '';
  for (const [, hex, literal] of pdf.matchAll(/(?:<([0-9a-f]+)>|\(((?:\\.|[^\\)])*)\))\s*Tj/gi)) {
    if (hex !== undefined) for (let i = 0; i < hex.length; i += 4) text += glyphs.get(hex.slice(i, i + 4).toLowerCase()) ?? '';
    else text += literal!.replace(/\\(.)/g, '$1');
  }
  return text;
}

/**
 * The Latin words a reader would see on the page's main content, less the ones allowed: the
 * organiser's text, proper nouns, codes. A page in Hindi shows none of its own in English.
 */
export async function latinWordsOn(page: Page, root: string, allowed: readonly string[]): Promise<string[]> {
  const text = await page.locator(root).evaluate((element) => (element as HTMLElement).innerText);
  let rest = text;
  for (const phrase of [...allowed].sort((a, b) => b.length - a.length)) rest = rest.split(phrase).join(' ');
  return [...new Set(rest.match(/[A-Za-z]{2,}/g) ?? [])];
}
