// WOFF 1.0 back to the TrueType file it wraps (each table zlib-compressed or stored), so jsPDF can
// embed the platform's Devanagari face in a ticket's PDF (in the browser) and an invoice's (in the
// API): jsPDF reads TrueType only, and the face is published as web fonts (decision 019).

/** Inflates zlib data (the browser's DecompressionStream, shared-ui's ticket PDF; Node's zlib in the API). */
export type Inflate = (data: Uint8Array) => Promise<Uint8Array>;

const pad4 = (n: number) => (n + 3) & ~3;

export async function woffToSfnt(woff: Uint8Array, inflate: Inflate): Promise<Uint8Array> {
  const view = new DataView(woff.buffer, woff.byteOffset, woff.byteLength);
  if (view.getUint32(0) !== 0x774f4646) throw new Error('not a WOFF 1.0 file');
  const flavor = view.getUint32(4);
  const numTables = view.getUint16(12);
  const tables: { tag: number; checksum: number; data: Uint8Array }[] = [];
  for (let i = 0; i < numTables; i += 1) {
    const entry = 44 + i * 20;
    const offset = view.getUint32(entry + 4);
    const compLength = view.getUint32(entry + 8);
    const origLength = view.getUint32(entry + 12);
    const stored = woff.subarray(offset, offset + compLength);
    const data = compLength < origLength ? await inflate(stored) : stored;
    if (data.length !== origLength) throw new Error('a WOFF table did not inflate to its length');
    tables.push({ tag: view.getUint32(entry), checksum: view.getUint32(entry + 16), data });
  }
  const headerLength = 12 + 16 * numTables;
  const total = tables.reduce((sum, table) => sum + pad4(table.data.length), headerLength);
  const out = new Uint8Array(total);
  const sfnt = new DataView(out.buffer);
  const entrySelector = Math.floor(Math.log2(numTables));
  const searchRange = 2 ** entrySelector * 16;
  sfnt.setUint32(0, flavor);
  sfnt.setUint16(4, numTables);
  sfnt.setUint16(6, searchRange);
  sfnt.setUint16(8, entrySelector);
  sfnt.setUint16(10, numTables * 16 - searchRange);
  let offset = headerLength;
  tables.forEach((table, i) => {
    const record = 12 + i * 16;
    sfnt.setUint32(record, table.tag);
    sfnt.setUint32(record + 4, table.checksum);
    sfnt.setUint32(record + 8, offset);
    sfnt.setUint32(record + 12, table.data.length);
    out.set(table.data, offset);
    offset += pad4(table.data.length);
  });
  return out;
}
