// The page the shaping test compares with its reference (decision 070): Devanagari only (drawn as
// outlines, so no system font takes part in the rasterising), with the conjuncts, the reph, the
// pre-base vowel sign i and the nukta that glyph-by-glyph writing gets wrong.
import { gunzipSync, gzipSync } from 'node:zlib';
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { jsPDF } from 'jspdf';
import { scriptRuns } from '../contract';
import { devanagariFace, writerFor } from '../services/pdf-writer';
import { rasterise, type GreyImage } from './poppler';

export const SHAPED_SAMPLE = ['क्षितिज द्विवेदी', 'श्रीमती प्रज्ञा', 'कृत्रिम ह्रदय ज़्यादा'];
export const SAMPLE_DPI = 100;
const FORMAT: [number, number] = [120, 46];
const REFERENCE = fileURLToPath(new URL('./references/shaped-devanagari.pgm.gz', import.meta.url));

/** The sample as the PDF writer draws it. */
export async function shapedSamplePdf(): Promise<ArrayBuffer> {
  const w = await writerFor(SHAPED_SAMPLE, { format: FORMAT, orientation: 'landscape' });
  SHAPED_SAMPLE.forEach((line, i) => w.text(line, 6, 14 + i * 13, { size: 22 }));
  return w.doc.output('arraybuffer');
}

/** The sample as jsPDF writes it without a shaping engine (the way tickets and invoices were drawn before). */
export async function unshapedSamplePdf(): Promise<ArrayBuffer> {
  const doc = new jsPDF({ unit: 'mm', format: FORMAT, orientation: 'landscape' });
  doc.addFileToVFS('Face.ttf', (await devanagariFace()).base64);
  doc.addFont('Face.ttf', 'Face', 'normal', 'Identity-H');
  doc.setFont('Face', 'normal');
  doc.setFontSize(22);
  SHAPED_SAMPLE.forEach((line, i) =>
    doc.text(
      scriptRuns(line)
        .map((run) => run.text)
        .join(''),
      6,
      14 + i * 13,
    ),
  );
  return doc.output('arraybuffer');
}

export function readReference(): GreyImage {
  const bytes = gunzipSync(readFileSync(REFERENCE));
  const header = /^P5\s+(\d+)\s+(\d+)\s+255\s/.exec(bytes.subarray(0, 30).toString('latin1'))!;
  return { width: Number(header[1]), height: Number(header[2]), pixels: new Uint8Array(bytes.subarray(header[0].length)) };
}

/** Writes the reference from the current drawing: run it by hand, look at the page, commit it. */
export async function writeReference() {
  const image = rasterise(await shapedSamplePdf(), SAMPLE_DPI);
  const header = Buffer.from(`P5\n${image.width} ${image.height}\n255\n`, 'latin1');
  writeFileSync(REFERENCE, gzipSync(Buffer.concat([header, Buffer.from(image.pixels)])));
}
