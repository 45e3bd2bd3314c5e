#!/usr/bin/env node
// Checkout contention benchmark: many buyers race for one ticket type; nothing may be oversold.
//
// Usage (without BASE_URL it starts its own API on a temp data folder, in emulator mode):
//   node tests/bench/checkout-contention.mjs
//   BASE_URL=http://127.0.0.1:3000 BUYERS=500 node tests/bench/checkout-contention.mjs
//   EVENT_ID=3 TICKET_ID=7 BUYERS=500 node tests/bench/checkout-contention.mjs
//
// Env:
//   BASE_URL   a running API in PAYMENTS_MODE=emulator (default: start one)
//   BUYERS     concurrent create-order calls, quantity 1 each (default 500)
//   LAST       how many seats are left when the race starts (default 50: DESIGN.md section 7's
//              "500 concurrent buyers for the last 50 tickets")
//   EVENT_ID, TICKET_ID
//              the ticket to buy; by default the Active paid ticket of a public event with the
//              fewest seats available that is still at least LAST (found through the public API)
//   PREFILL=0  do not buy the ticket down to LAST first (by default, when more than LAST are
//              available, the surplus is bought and paid in orders of 10 before the race)
//   PAY=0      only create orders (holds), do not pay them
//
// What it does: reads the ticket's sold/available, fires BUYERS concurrent
// POST /api/cashfree/create-order, pays every 201 through the emulator's
// POST /emulator/cashfree/pay/:paymentSessionId (which awaits the signed webhook), then reads the
// ticket again and prints: sold delta, 201s, 409s (sold_out), other errors, timings. It exits 1
// when more seats were sold than were available, or when a paid order did not become a sale.
// Holds of unpaid orders (PAY=0) lapse after 15 minutes.
// No dependencies: Node 20+ (global fetch).

import { record, startApi } from './support.mjs';
import { orderBody } from '../support/order-body.mjs';

// Each simulated buyer comes from an address of its own (create-order is limited per address),
// which the API takes from X-Forwarded-For only with TRUST_PROXY.
const ownApi = process.env.BASE_URL
  ? null
  : await startApi({ port: 3904, env: { PAYMENTS_MODE: 'emulator', TRUST_PROXY: 'true' } });
const BASE_URL = (process.env.BASE_URL ?? ownApi.baseUrl).replace(/\/+$/, '');
const BUYERS = Number(process.env.BUYERS ?? 500);
const LAST = Number(process.env.LAST ?? 50);
const PREFILL = process.env.PREFILL !== '0';
const MAX_PREFILL = 5000;
const PAY = process.env.PAY !== '0';

async function getJson(path) {
  const res = await fetch(`${BASE_URL}${path}`, { headers: { accept: 'application/json' } });
  if (!res.ok) throw new Error(`GET ${path} answered ${res.status}`);
  return res.json();
}

let buyerAddress = 0;
const nextBuyerAddress = () => `10.${(buyerAddress >> 16) & 255}.${(buyerAddress >> 8) & 255}.${buyerAddress++ & 255}`;

async function postJson(path, body, headers = {}) {
  const res = await fetch(`${BASE_URL}${path}`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      accept: 'application/json',
      'x-forwarded-for': nextBuyerAddress(),
      ...headers,
    },
    body: JSON.stringify(body),
  });
  let json;
  try {
    json = await res.json();
  } catch {
    json = undefined;
  }
  return { status: res.status, body: json };
}

async function ticketOf(eventId, ticketId) {
  const { tickets } = await getJson(`/api/events/${eventId}/tickets`);
  return tickets.find((t) => t.id === ticketId);
}

async function findTicket() {
  if (process.env.EVENT_ID && process.env.TICKET_ID) {
    const eventId = Number(process.env.EVENT_ID);
    const ticket = await ticketOf(eventId, Number(process.env.TICKET_ID));
    if (!ticket) throw new Error(`Ticket ${process.env.TICKET_ID} is not an Active ticket of event ${eventId}`);
    return { eventId, ticket };
  }
  // The seeded catalogue fits in one page of the largest size.
  const { events } = await getJson('/api/events?limit=48');
  let best;
  for (const event of events.filter((e) => e.status === 'Active')) {
    const { tickets } = await getJson(`/api/events/${event.id}/tickets`);
    for (const ticket of tickets) {
      if (ticket.status !== 'Active' || ticket.price <= 0 || ticket.available < LAST) continue;
      if (!best || ticket.available < best.ticket.available) best = { eventId: event.id, ticket };
    }
  }
  if (!best) throw new Error(`No Active paid ticket with at least ${LAST} available; pass EVENT_ID and TICKET_ID`);
  return best;
}

const buyer = (i) => ({
  fullName: `Bench Buyer ${i}`,
  email: `bench${i}-${Date.now()}@example.com`,
  phone: String(9000000000 + i),
});

const count = (list, pred) => list.filter(pred).length;

async function main() {
  const config = await getJson('/api/config');
  const emulated = Boolean(config.payments?.emulated);
  const found = await findTicket();
  const { eventId } = found;
  let ticket = found.ticket;
  if (PREFILL && ticket.available > LAST) {
    const surplus = ticket.available - LAST;
    if (surplus > MAX_PREFILL)
      throw new Error(
        `Ticket ${ticket.id} has ${ticket.available} available; pick one nearer ${LAST} (EVENT_ID, TICKET_ID) or PREFILL=0`,
      );
    if (!emulated) throw new Error('PREFILL needs the emulator to pay; run with PAYMENTS_MODE=emulator or PREFILL=0');
    console.log(`[bench] prefill: buying ${surplus} of ${ticket.available} so that ${LAST} are left`);
    const sizes = [];
    for (let left = surplus; left > 0; left -= 10) sizes.push(Math.min(10, left));
    for (let i = 0; i < sizes.length; i += 20) {
      await Promise.all(
        sizes.slice(i, i + 20).map(async (quantity, j) => {
          const r = await postJson('/api/cashfree/create-order', orderBody(eventId, ticket.id, buyer(100000 + i + j), quantity));
          if (r.status !== 201) throw new Error(`prefill create-order answered ${r.status}: ${JSON.stringify(r.body)}`);
          const paid = await postJson(`/emulator/cashfree/pay/${encodeURIComponent(r.body.payment_session_id)}`, {
            outcome: 'success',
          });
          if (paid.status !== 200) throw new Error(`prefill pay answered ${paid.status}`);
        }),
      );
    }
    ticket = await ticketOf(eventId, ticket.id);
  }
  console.log(
    `[bench] ${BASE_URL}: event ${eventId}, ticket ${ticket.id} "${ticket.name}" (₹${ticket.price}), available ${ticket.available}, sold ${ticket.sold}, held ${ticket.held}`,
  );
  console.log(`[bench] ${BUYERS} concurrent buyers, quantity 1 each; pay: ${PAY && emulated ? 'yes (emulator)' : 'no'}`);

  const t0 = performance.now();
  const created = await Promise.all(
    Array.from({ length: BUYERS }, (_, i) =>
      postJson('/api/cashfree/create-order', { ...orderBody(eventId, ticket.id, buyer(i)), orderAmount: ticket.price }).catch(
        (error) => ({ status: 0, body: { error: { code: 'network', message: error.message } } }),
      ),
    ),
  );
  const createMs = performance.now() - t0;

  const ok = created.filter((r) => r.status === 201);
  const soldOut = count(created, (r) => r.status === 409 && r.body?.error?.code === 'sold_out');
  const others = created.filter((r) => r.status !== 201 && !(r.status === 409 && r.body?.error?.code === 'sold_out'));

  let payMs = 0;
  let paid = [];
  if (PAY && emulated) {
    const t1 = performance.now();
    paid = await Promise.all(
      ok.map((r) =>
        postJson(`/emulator/cashfree/pay/${encodeURIComponent(r.body.payment_session_id)}`, {
          outcome: 'success',
          method: 'upi',
        }).catch((error) => ({ status: 0, body: { message: error.message } })),
      ),
    );
    payMs = performance.now() - t1;
  }

  const after = await ticketOf(eventId, ticket.id);
  const soldDelta = (after?.sold ?? NaN) - ticket.sold;
  const paidOk = count(paid, (r) => r.status === 200 && r.body?.paymentDetails);
  const byStatus = {};
  for (const r of others)
    byStatus[`${r.status} ${r.body?.error?.code ?? ''}`.trim()] =
      (byStatus[`${r.status} ${r.body?.error?.code ?? ''}`.trim()] ?? 0) + 1;

  console.log(
    `[bench] create-order: ${ok.length} created (201), ${soldOut} sold_out (409), ${others.length} other errors ${JSON.stringify(byStatus)} in ${createMs.toFixed(0)} ms (${(BUYERS / (createMs / 1000)).toFixed(0)} req/s)`,
  );
  if (PAY && emulated) console.log(`[bench] pay: ${paidOk}/${ok.length} paid in ${payMs.toFixed(0)} ms`);
  console.log(
    `[bench] sold delta: ${soldDelta} (was ${ticket.sold}, now ${after?.sold}); available now ${after?.available}, held ${after?.held}`,
  );
  console.log(`[bench] elapsed: ${(createMs + payMs).toFixed(0)} ms`);

  // Run by several-instances.mjs against a cluster too, under a name of its own.
  const name = process.env.BENCH_NAME ?? 'checkout-contention';
  const label = process.env.BENCH_LABEL ? ` (${process.env.BENCH_LABEL})` : '';
  record(name, [
    {
      figure: `Checkout contention${label}: ${BUYERS} buyers for the last ${ticket.available} seats`,
      budget: `exactly ${ticket.available} sold`,
      measured: `${PAY && emulated ? soldDelta : ok.length} ${PAY && emulated ? 'sold' : 'held'} in ${(createMs + payMs).toFixed(0)} ms`,
      pass: (PAY && emulated ? soldDelta : ok.length) === ticket.available,
    },
    {
      figure: `Checkout contention${label}: answers other than 201 and a clean 409 sold_out`,
      budget: '0',
      measured: others.length ? JSON.stringify(byStatus) : '0',
      pass: others.length === 0,
    },
  ]);

  let failed = false;
  if (ok.length > ticket.available) {
    console.error(`[bench] OVERSOLD: ${ok.length} holds granted for ${ticket.available} available`);
    failed = true;
  }
  if (PAY && emulated && soldDelta !== paidOk) {
    console.error(`[bench] MISMATCH: ${paidOk} paid orders but sold moved by ${soldDelta}`);
    failed = true;
  }
  process.exit(failed ? 1 : 0);
}

main().catch((error) => {
  console.error(`[bench] ${error.message}`);
  process.exit(1);
});
