// Issue 40: a business name, buyer name, order note or answer of `x\n=cmd|' /C calc'!A0` started a
// new spreadsheet row with a formula in the invoice and registration exports. Every export.csv is
// read here as a spreadsheet reads it (RFC 4180) and as a program that splits lines does.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CreateOrderResponse } from '../contract';
import { events, ticketTypes } from '../db/schema';
import {
  createCheckoutTestApp,
  orderBody,
  postJson,
  seedCheckoutEvent,
  staffCookie,
  type CheckoutTestApp,
} from '../testing/test-checkout';
import { jsonRequest } from '../testing/staff-session';
import { MAHARASHTRA_TAX, setTestTax } from '../testing/organisations';

const PAYLOAD = "x\n=cmd|' /C calc'!A0";
const FORMULA_START = /^[=+\-@\t\r]/;

let t: CheckoutTestApp;
let ids: Awaited<ReturnType<typeof seedCheckoutEvent>>;
let manager: string;
let orderId: string;

beforeAll(async () => {
  t = await createCheckoutTestApp();
  await t.db.transaction((tx) => setTestTax(tx, MAHARASHTRA_TAX));
  ids = await seedCheckoutEvent(t, { title: 'Export Run' });
  await t.db.query((db) => db.update(events).set({ gstState: '27', recognisedSport: true }).where(eq(events.id, ids.eventId)));
  // A ticket type named by a careless (or hostile) staff member.
  await t.db.query((db) => db.update(ticketTypes).set({ name: PAYLOAD }).where(eq(ticketTypes.id, ids.vip)));
  manager = await staffCookie(t, 'manager');
  const created = (await (
    await postJson(
      t,
      '/api/cashfree/create-order',
      orderBody(ids.eventId, [{ ticketId: ids.vip }], {
        buyer: { email: 'formula@example.com', fullName: `Asha ${PAYLOAD}` },
        business: { gstin: '29AABCT1332L1ZA', name: PAYLOAD, address: PAYLOAD },
        orderNote: PAYLOAD,
      }),
    )
  ).json()) as CreateOrderResponse & { error?: unknown };
  expect(created.error).toBeUndefined();
  orderId = created.orderId;
  expect((await postJson(t, `/emulator/cashfree/pay/${created.payment_session_id}`, { outcome: 'success' })).status).toBe(200);
});
afterAll(() => t.close());

/** Rows of cells as a spreadsheet reads the file (RFC 4180: quoted cells may hold commas, quotes and line breaks). */
function readCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  const body = text.replace(/^\uFEFF/, '');
  for (let i = 0; i < body.length; i++) {
    const char = body[i]!;
    if (quoted) {
      if (char === '"' && body[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (char === '"') quoted = false;
      else cell += char;
    } else if (char === '"' && cell === '') quoted = true;
    else if (char === ',') {
      row.push(cell);
      cell = '';
    } else if (char === '\n' || char === '\r') {
      if (char === '\r' && body[i + 1] === '\n') i++;
      row.push(cell);
      rows.push(row);
      row = [];
      cell = '';
    } else cell += char;
  }
  if (cell !== '' || row.length > 0) rows.push([...row, cell]);
  return rows;
}

async function exported(path: string) {
  const res = await t.app.request(path, { headers: { cookie: manager } });
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toMatch(/^text\/csv/);
  return new TextDecoder('utf-8', { ignoreBOM: true }).decode(await res.arrayBuffer());
}

/** No cell a spreadsheet would run, whether it reads the file right or splits it at every line break. */
function expectNoFormula(text: string, expectedRows: number) {
  const rows = readCsv(text);
  expect(rows).toHaveLength(expectedRows);
  const width = rows[0]!.length;
  for (const row of rows) expect(row).toHaveLength(width);
  for (const cell of rows.flat()) {
    for (const line of cell.split(/\r\n|\r|\n/)) expect(line, JSON.stringify(cell)).not.toMatch(FORMULA_START);
  }
  for (const line of text.replace(/^\uFEFF/, '').split(/\r\n|\r|\n/)) {
    for (const cell of line.split(',')) expect(cell.replace(/^"/, ''), JSON.stringify(line)).not.toMatch(FORMULA_START);
  }
  return rows;
}

describe('every CSV export with a formula after a line break in a cell', () => {
  it('registrations: one row per attendee, the note and the ticket kept as text', async () => {
    const text = await exported(`/api/admin/registrations/export.csv?eventId=${ids.eventId}`);
    const [header, row] = expectNoFormula(text, 2);
    expect(row![header!.indexOf('Notes')]).toBe("x\n'=cmd|' /C calc'!A0");
    expect(row![header!.indexOf('Ticket')]).toBe("x\n'=cmd|' /C calc'!A0");
  });

  it('invoices: one row for the invoice, the business name kept as text', async () => {
    const text = await exported(`/api/admin/invoices/export.csv?q=${encodeURIComponent(orderId)}`);
    const [header, row] = expectNoFormula(text, 2);
    expect(row![header!.indexOf('Buyer')]).toBe("x\n'=cmd|' /C calc'!A0");
  });

  it('promo codes: one row per code, the ticket type kept as text', async () => {
    const made = await t.app.request(
      `/api/admin/events/${ids.eventId}/promo-codes`,
      jsonRequest('POST', { code: 'FORMULA10', kind: 'percent', value: 10, ticketTypeIds: [ids.vip] }, manager),
    );
    expect(made.status).toBe(201);
    const text = await exported(`/api/admin/events/${ids.eventId}/promo-codes/export.csv`);
    const [header, row] = expectNoFormula(text, 2);
    expect(row![header!.indexOf('Ticket types')]).toBe("x\n'=cmd|' /C calc'!A0");
  });
});
