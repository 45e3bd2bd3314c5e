#!/usr/bin/env node
// A simulated on-sale (issue 29, decision 032) on SQLite with one instance and on PostgreSQL with
// three behind nginx: VISITORS browsers join an event's pre-queue before it opens (each from its
// own address, keeping its cookies); staff pause the room and bring the on-sale time forward; the
// job shuffles the pre-queue; a few late arrivals join after; the status read is timed with the
// whole queue waiting; then admissions resume at RATE a minute and BUYERS_AT_ONCE admitted buyers
// at a time create orders with their entry tokens, pay in the emulator and verify, until SEATS are
// sold. Every 25th buyer also tries to pass the cap. Figures: joins per second, status p50/p99
// (budget in budgets.mjs), time to sell out, seats sold (exactly SEATS), buyers over the cap (0),
// whether the admitted order is the recorded shuffle then arrival order, and the servers' memory per
// 10,000 waiting.
//   node tests/bench/waiting-room.mjs                     VISITORS=15000 SEATS=500 (the default, a few minutes)
//   VISITORS=100000 SEATS=10000 node tests/bench/waiting-room.mjs   (the issue's full size)
import { createHmac } from 'node:crypto';
import { createRequire } from 'node:module';
import { spawn } from 'node:child_process';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { mkdtempSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { ensureApiBuild } from '../../tooling/api-build.mjs';
import { startCluster } from '../../tooling/cluster.mjs';
import { startPostgres } from '../../tooling/postgres.mjs';
import { BUDGETS } from './budgets.mjs';
import { apiDir, call, median, record, rssMb, waitForHealth } from './support.mjs';
import { orderBody } from '../support/order-body.mjs';

// 15,000 waiting: over 5,000 the memory's slope was mostly the garbage collector's timing (a 13 MB
// range read as 26 MB per 10,000); over 15,000 it is what the queue keeps (decision 041, addendum).
const VISITORS = Number(process.env.VISITORS ?? 15_000);
const SEATS = Number(process.env.SEATS ?? 500);
const LATE = Number(process.env.LATE ?? 200);
/** Joins to another event's queue before this one's are measured (step 0). */
const WARM = Number(process.env.WARM ?? 1_500);
const RATE = Number(process.env.RATE ?? 6_000);
const JOIN_CONCURRENCY = Number(process.env.JOIN_CONCURRENCY ?? 32);
const BUYERS_AT_ONCE = Number(process.env.BUYERS_AT_ONCE ?? 48);
const STATUS_SECONDS = Number(process.env.STATUS_SECONDS ?? 8);
const STATUS_CONCURRENCY = Number(process.env.STATUS_CONCURRENCY ?? 8);
const ENGINES = (process.env.ENGINES ?? 'sqlite,postgres').split(',');
const CAP = 4;
const ADMIN = { email: 'bench-admin@tdksports.in', password: 'bench-admin-password-1' };
const baseEnv = { ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password, TRUST_PROXY: 'true', PAYMENTS_MODE: 'emulator' };
const todayInIndia = () => new Date(Date.now() + 330 * 60_000).toISOString().slice(0, 10);
const indiaClock = (ms) => {
  const iso = new Date(ms + 330 * 60_000).toISOString();
  return { onSaleDate: iso.slice(0, 10), onSaleTime: iso.slice(11, 16) };
};
const addressOf = (i) => `11.${(i >> 16) & 255}.${(i >> 8) & 255}.${i & 255}`;

async function pool(count, concurrency, work) {
  let next = 0;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      for (let i = next++; i < count; i = next++) await work(i);
    }),
  );
}

/** The pre-queue's order as the recorded seed draws it (the service's algorithm, written again here). */
function seededShuffle(items, seed) {
  const out = [...items];
  let counter = 0;
  let block = Buffer.alloc(0);
  let at = 0;
  const next32 = () => {
    if (at + 4 > block.length) {
      block = createHmac('sha256', seed).update(String(counter++)).digest();
      at = 0;
    }
    const value = block.readUInt32BE(at);
    at += 4;
    return value;
  };
  const below = (n) => {
    const limit = 2 ** 32 - (2 ** 32 % n);
    for (;;) {
      const value = next32();
      if (value < limit) return value % n;
    }
  };
  for (let i = out.length - 1; i > 0; i--) {
    const j = below(i + 1);
    [out[i], out[j]] = [out[j], out[i]];
  }
  return out;
}

async function startSqlite(port) {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'tdk-bench-queue-'));
  // BENCH_CPU_PROF=<folder>: the server writes a CPU profile there when it stops (node --cpu-prof).
  const profile = process.env.BENCH_CPU_PROF ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_CPU_PROF}`] : [];
  const child = spawn(process.execPath, [...profile, await ensureApiBuild()], {
    cwd: apiDir,
    env: { ...process.env, ...baseEnv, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, NODE_ENV: 'test' },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  process.once('exit', () => child.kill('SIGTERM'));
  await waitForHealth(`http://127.0.0.1:${port}/api/health`);
  const Database = createRequire(path.join(apiDir, 'package.json'))('better-sqlite3');
  const db = new Database(path.join(dataDir, 'app.db'), { readonly: true });
  return {
    url: `http://127.0.0.1:${port}`,
    pids: [child.pid],
    rows: (sql) => db.prepare(sql).raw().all(),
    stop: () => {
      db.close();
      child.kill('SIGTERM');
    },
  };
}

async function startPostgresCluster(pg) {
  // Each instance with the pool of 10 this bench's figures were measured with (decision 032): its
  // status reads are many one-statement requests at once.
  const cluster = await startCluster({ instances: 3, postgres: pg, env: { ...baseEnv, DATABASE_POOL_SIZE: '10' } });
  return {
    url: cluster.url,
    pids: cluster.instances.map((i) => i.child.pid),
    rows: (sql) =>
      pg
        .psql(sql, 'tdk')
        .split('\n')
        .filter(Boolean)
        .map((line) => line.split('|')),
    stop: () => cluster.stop(),
  };
}

/** An event of SEATS seats on sale in a day, its waiting room on: what staff set up for a queued on-sale. */
async function openQueuedEvent(base, staff, title) {
  const event = await call(base, 'POST', '/api/admin/events', {
    headers: staff,
    body: {
      title,
      description: 'Benchmark on-sale.',
      category: 'Running',
      date: todayInIndia(),
      time: '23:30',
      city: 'Mumbai',
      venue: 'Wankhede Stadium, Mumbai',
      maxParticipants: SEATS,
      price: 499,
      organizer: 'TDK Events',
      contactEmail: 'bench@tdksports.in',
      contactPhone: '9820012345',
      status: 'Active',
      imageUrl: null,
      highlights: [],
      rules: [],
      regulations: [],
    },
  });
  if (event.status !== 201) throw new Error(`create event answered ${event.status}: ${JSON.stringify(event.body)}`);
  const eventId = event.body.event.id;
  const ticket = await call(base, 'POST', '/api/admin/tickets', {
    headers: staff,
    body: { eventId, name: 'General', description: 'Bench', category: 'General', price: 499, quantity: SEATS, status: 'Active' },
  });
  if (ticket.status !== 201) throw new Error(`create ticket answered ${ticket.status}`);
  const ticketId = ticket.body.ticket.id;
  const roomPath = `/api/admin/events/${eventId}/waiting-room`;
  const settings = {
    enabled: true,
    ...indiaClock(Date.now() + 24 * 3_600_000),
    ratePerMinute: RATE,
    finishMinutes: 10,
    capPerEmail: CAP,
    capPerPhone: CAP,
    browsersPerAddress: 10,
  };
  const room = await call(base, 'PUT', roomPath, { headers: staff, body: settings });
  if (room.status !== 200) throw new Error(`waiting room answered ${room.status}: ${JSON.stringify(room.body)}`);

  return { eventId, ticketId, roomPath, settings };
}

async function sale(server, label) {
  // Each instance's resident memory before the sale (started, nothing queued yet).
  const idleMb = server.pids.map((pid) => rssMb([pid]));
  const base = server.url;
  const login = await call(base, 'POST', '/api/auth/login', { body: ADMIN });
  if (login.status !== 200) throw new Error(`admin sign-in answered ${login.status}`);
  const staff = { cookie: login.cookie.split(';')[0] };
  const { eventId, ticketId, roomPath, settings } = await openQueuedEvent(base, staff, `Queued on-sale ${label} ${Date.now()}`);

  // 0. The server warmed by a queue of its own: WARM visitors join another event's pre-queue first,
  // so that the compiled code and the heap's first growth under the joins' load (about the first
  // thousand joins at 32 at once) are the server's, not this queue's. Their places stay in the
  // database; what this queue's joins add to each instance's memory is then its own.
  const warmUp = await openQueuedEvent(base, staff, `Warm-up queue ${label} ${Date.now()}`);
  await pool(WARM, JOIN_CONCURRENCY, (i) =>
    call(base, 'POST', `/api/events/${warmUp.eventId}/queue`, {
      jar: new Map(),
      address: `13.${(i >> 16) & 255}.${(i >> 8) & 255}.${i & 255}`,
    }),
  );

  // 1. The pre-queue: every visitor a browser of its own, from its own address.
  const jars = Array.from({ length: VISITORS + LATE }, () => new Map());
  // Memory as the line grows is sampled from the warmed server before its first join, then at each
  // quarter; joins a second are timed per quarter.
  const memory = [{ waiting: 0, mb: rssMb(server.pids) }];
  const step = Math.max(1, Math.floor(VISITORS / 4));
  let joinFailures = 0;
  const t0 = performance.now();
  const marks = [{ waiting: 0, at: t0 }];
  await pool(VISITORS, JOIN_CONCURRENCY, async (i) => {
    const res = await call(base, 'POST', `/api/events/${eventId}/queue`, { jar: jars[i], address: addressOf(i) });
    if (res.status !== 200) joinFailures++;
    if ((i + 1) % step === 0) memory.push({ waiting: i + 1, mb: rssMb(server.pids) });
    if ((i + 1) % step === 0) marks.push({ waiting: i + 1, at: performance.now() });
  });
  const joinSeconds = (performance.now() - t0) / 1000;
  const joinsPerSecond = VISITORS / joinSeconds;
  // Joins a second in each quarter of the line: flat when a join costs the same at any length.
  const quarters = marks.slice(1).map((m, k) => ((m.waiting - marks[k].waiting) / ((m.at - marks[k].at) / 1000)).toFixed(0));
  console.log(
    `[bench] ${label}: ${VISITORS} joined in ${joinSeconds.toFixed(1)} s (${joinsPerSecond.toFixed(0)}/s; by quarter ${quarters.join(', ')}), ${joinFailures} refused, load average ${loadavg()[0].toFixed(1)}`,
  );
  // A bot from one address: the 11th browser and on are refused.
  let botRefused = 0;
  for (let i = 0; i < 20; i++) {
    const res = await call(base, 'POST', `/api/events/${eventId}/queue`, { jar: new Map(), address: '12.0.0.1' });
    if (res.status === 429) botRefused++;
  }
  console.log(`[bench] ${label}: ${botRefused} of a bot's 20 browsers from one address refused`);

  // 2. Staff pause, then bring the on-sale forward: the job shuffles the pre-queue within a second.
  await call(base, 'POST', `${roomPath}/pause`, { headers: staff });
  await call(base, 'PUT', roomPath, { headers: staff, body: { ...settings, ...indiaClock(Date.now() - 60_000) } });
  for (;;) {
    const view = await call(base, 'GET', roomPath, { headers: staff });
    if (view.body.figures?.openedAt) break;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  await pool(LATE, 8, async (k) => {
    const i = VISITORS + k;
    await call(base, 'POST', `/api/events/${eventId}/queue`, { jar: jars[i], address: addressOf(i) });
  });

  // 3. Each browser learns its place once (the place cookie then answers without the database).
  const numberOf = new Array(VISITORS + LATE);
  await pool(VISITORS + LATE, JOIN_CONCURRENCY, async (i) => {
    const res = await call(base, 'GET', `/api/events/${eventId}/queue`, { jar: jars[i], address: addressOf(i) });
    numberOf[i] = res.body.position;
  });
  // The status read with the whole queue waiting, timed.
  const latencies = [];
  const loopDelay = monitorEventLoopDelay({ resolution: 5 });
  loopDelay.enable();
  const clientCpu = process.cpuUsage();
  const statusStart = performance.now();
  const deadline = Date.now() + STATUS_SECONDS * 1000;
  await Promise.all(
    Array.from({ length: STATUS_CONCURRENCY }, async (_, worker) => {
      let i = worker;
      while (Date.now() < deadline) {
        const v = (i * 7919) % (VISITORS + LATE);
        i += STATUS_CONCURRENCY;
        const t = performance.now();
        const res = await call(base, 'GET', `/api/events/${eventId}/queue`, { jar: jars[v], address: addressOf(v) });
        latencies.push(performance.now() - t);
        if (res.status !== 200) throw new Error(`status answered ${res.status}`);
      }
    }),
  );
  loopDelay.disable();
  const used = process.cpuUsage(clientCpu);
  const clientCpuShare = (used.user + used.system) / 1000 / (performance.now() - statusStart);
  const clientLoopP99 = loopDelay.percentile(99) / 1e6;
  latencies.sort((a, b) => a - b);
  const p50 = median(latencies);
  const p99 = latencies[Math.floor(latencies.length * 0.99)];
  console.log(
    `[bench] ${label}: ${latencies.length} status reads, p50 ${p50.toFixed(1)} ms, p99 ${p99.toFixed(1)} ms; ` +
      `the bench client used ${(clientCpuShare * 100).toFixed(0)} % of a core, its event loop's delay p99 ${clientLoopP99.toFixed(1)} ms; load average ${loadavg()[0].toFixed(1)}`,
  );

  // 4. Admissions resume; admitted buyers, in line order, book and pay until the seats are gone.
  const order = [...numberOf.keys()].sort((a, b) => numberOf[a] - numberOf[b]);
  let next = 0;
  let sold = 0;
  let capRefusals = 0;
  let capAttempts = 0;
  const failures = {};
  const fail = (what) => (failures[what] = (failures[what] ?? 0) + 1);
  const start = performance.now();
  await call(base, 'POST', `${roomPath}/resume`, { headers: staff });
  const buyer = async () => {
    while (sold < SEATS && next < order.length) {
      const v = order[next++];
      const jar = jars[v];
      let status;
      for (;;) {
        status = (await call(base, 'GET', `/api/events/${eventId}/queue`, { jar, address: addressOf(v) })).body;
        if (status.entryToken || status.state === 'closed' || sold >= SEATS) break;
        await new Promise((resolve) => setTimeout(resolve, 100 + Math.random() * 100));
      }
      if (!status.entryToken) continue;
      const who = { fullName: `Queued Buyer ${v}`, email: `queued-${label}-${v}@example.com`, phone: String(9100000000 + v) };
      const tryCap = v % 25 === 0;
      const count = tryCap ? CAP : 1 + (v % 2);
      const created = await call(base, 'POST', '/api/cashfree/create-order', {
        jar,
        address: addressOf(v),
        body: { ...orderBody(eventId, ticketId, who, count), entryToken: status.entryToken },
      });
      if (created.status !== 201) {
        fail(`create ${created.status} ${created.body?.error?.code ?? ''}`.trim());
        continue;
      }
      const pay = await call(base, 'POST', `/emulator/cashfree/pay/${created.body.payment_session_id}`, {
        body: { outcome: 'success' },
      });
      if (pay.status !== 200) fail(`pay ${pay.status}`);
      const verified = await call(base, 'GET', `/api/cashfree/verify-payment/${created.body.orderId}`);
      if (verified.body.status === 'PAID') sold += count;
      else fail(`verify ${verified.body.status}`);
      if (tryCap) {
        // One more ticket for the same e-mail, and for the same phone under another e-mail: both refused.
        capAttempts += 2;
        for (const email of [who.email, `other-${who.email}`]) {
          const again = await call(base, 'POST', '/api/cashfree/create-order', {
            jar,
            address: addressOf(v),
            body: { ...orderBody(eventId, ticketId, { ...who, email }, 1), entryToken: status.entryToken },
          });
          if (again.status === 409 && again.body.error.code === 'cap_exceeded') capRefusals++;
          else if (again.status === 403 && again.body.error.code === 'entry_token_invalid') capRefusals++;
        }
      }
    }
  };
  await Promise.all(Array.from({ length: BUYERS_AT_ONCE }, buyer));
  const sellOutSeconds = (performance.now() - start) / 1000;
  // And at rest once sold out (issue 39): the queued on-sale's instances, left alone 5 s.
  await new Promise((resolve) => setTimeout(resolve, 5_000));
  const atRestMb = server.pids.map((pid) => rssMb([pid]));
  console.log(
    `[bench] ${label}: resident memory per instance, before the sale ${idleMb.map((mb) => mb.toFixed(0)).join(', ')} MB, at rest after it ${atRestMb.map((mb) => mb.toFixed(0)).join(', ')} MB`,
  );
  console.log(`[bench] ${label}: sold ${sold} in ${sellOutSeconds.toFixed(1)} s ${JSON.stringify(failures)}`);
  // The job closes the room within a turn or two.
  await new Promise((resolve) => setTimeout(resolve, 2_500));
  const last = await call(base, 'GET', `/api/events/${eventId}/queue`, {
    jar: jars[order.at(-1)],
    address: addressOf(order.at(-1)),
  });

  // 5. The data: seats sold, caps, and the order against the recorded seed.
  const [[soldSeats]] = server.rows(`select sold from ticket_types where id = ${ticketId}`);
  const [[overEmail]] = server.rows(
    `select count(*) from (select lower(customer_email) e, sum(l.quantity) q from orders o join order_lines l on l.order_id = o.id where o.event_id = ${eventId} and o.status = 'PAID' group by lower(customer_email)) x where q > ${CAP}`,
  );
  const [[overPhone]] = server.rows(
    `select count(*) from (select customer_phone p, sum(l.quantity) q from orders o join order_lines l on l.order_id = o.id where o.event_id = ${eventId} and o.status = 'PAID' group by customer_phone) x where q > ${CAP}`,
  );
  const [[seed, preQueue]] = server.rows(`select shuffle_seed, pre_queue_count from waiting_rooms where event_id = ${eventId}`);
  const visitors = server
    .rows(`select id, number, status from waiting_room_visitors where event_id = ${eventId} order by id`)
    .map(([id, number, status]) => ({ id: Number(id), number: Number(number), status }));
  const pre = visitors.filter((v) => v.number <= Number(preQueue));
  const drawn = seededShuffle(
    pre.map((v) => v.id),
    seed,
  );
  const byNumber = [...pre].sort((a, b) => a.number - b.number).map((v) => v.id);
  const shuffleHolds = drawn.length === byNumber.length && drawn.every((id, i) => id === byNumber[i]);
  const late = visitors.filter((v) => v.number > Number(preQueue));
  const arrivalHolds = late.every((v, i) => i === 0 || v.number > late[i - 1].number);
  const admittedNumbers = visitors.filter((v) => v.status !== 'waiting').map((v) => v.number);
  const waitingNumbers = visitors.filter((v) => v.status === 'waiting').map((v) => v.number);
  const inLineOrder =
    admittedNumbers.length === 0 || waitingNumbers.length === 0 || Math.max(...admittedNumbers) < Math.min(...waitingNumbers);
  // The growth of resident memory with the queue: the least-squares slope over the samples taken as
  // it grew (one difference between two samples would be mostly the garbage collector's timing).
  const mean = (xs) => xs.reduce((a, b) => a + b, 0) / xs.length;
  const mx = mean(memory.map((m) => m.waiting));
  const my = mean(memory.map((m) => m.mb));
  const slope =
    memory.reduce((n, m) => n + (m.waiting - mx) * (m.mb - my), 0) /
    Math.max(
      1,
      memory.reduce((n, m) => n + (m.waiting - mx) ** 2, 0),
    );
  const perTenThousand = slope * 10_000;
  console.log(`[bench] ${label}: memory ${memory.map((m) => `${m.waiting}:${m.mb.toFixed(0)}MB`).join(' ')}`);
  return {
    joinsPerSecond,
    joinFailures,
    botRefused,
    p50,
    p99,
    reads: latencies.length,
    clientLoopP99,
    clientCpuShare,
    quarters,
    sellOutSeconds,
    sold: Number(soldSeats),
    over: Number(overEmail) + Number(overPhone),
    capRefusals,
    capAttempts,
    shuffleHolds: shuffleHolds && arrivalHolds && inLineOrder,
    perTenThousand,
    memory,
    idleMb,
    atRestMb,
    closed: last.body.state,
  };
}

const rows = [];
const size = `${VISITORS.toLocaleString('en-IN')} waiting, ${SEATS.toLocaleString('en-IN')} seats`;
function report(label, r) {
  rows.push(
    {
      figure: `Queue joins per second, ${label} (${size})`,
      budget: '(reported)',
      measured: `${r.joinsPerSecond.toFixed(0)}/s (by quarter of the line: ${r.quarters.join(', ')}), ${r.joinFailures} refused`,
      pass: r.joinFailures === 0,
    },
    {
      figure: `Status read with the whole queue waiting, ${label}`,
      budget: `p99 < ${BUDGETS.queueStatusP99Ms} ms`,
      measured: `p50 ${r.p50.toFixed(1)} ms, p99 ${r.p99.toFixed(1)} ms (${r.reads} reads; the client's event-loop delay p99 ${r.clientLoopP99.toFixed(1)} ms)`,
      pass: r.p99 < BUDGETS.queueStatusP99Ms,
    },
    {
      figure: `Time to sell out at ${RATE}/min admission, ${label}`,
      budget: '(reported)',
      measured: `${r.sellOutSeconds.toFixed(1)} s`,
      pass: null,
    },
    { figure: `Seats sold, ${label}`, budget: `exactly ${SEATS}`, measured: String(r.sold), pass: r.sold === SEATS },
    {
      figure: `Buyers over the cap (e-mail or phone), ${label}`,
      budget: '0',
      measured: `${r.over} (${r.capRefusals}/${r.capAttempts} attempts past it refused)`,
      pass: r.over === 0 && r.capRefusals === r.capAttempts,
    },
    {
      figure: `Admitted order = recorded shuffle, then arrival order, ${label}`,
      budget: 'holds',
      measured: r.shuffleHolds ? 'holds' : 'broken',
      pass: r.shuffleHolds,
    },
    {
      figure: `A bot's 11th+ browsers from one address refused, ${label}`,
      budget: '10 of 20',
      measured: String(r.botRefused),
      pass: r.botRefused === 10,
    },
    { figure: `Queue closed once sold out, ${label}`, budget: 'closed', measured: r.closed, pass: r.closed === 'closed' },
    {
      figure: `Server memory per 10,000 waiting, ${label}`,
      budget: `< ${BUDGETS.queueMemoryMbPer10k} MB`,
      measured: `${r.perTenThousand.toFixed(1)} MB (${r.memory.map((m) => `${m.waiting}: ${m.mb.toFixed(0)} MB`).join(', ')})`,
      pass: r.perTenThousand < BUDGETS.queueMemoryMbPer10k,
    },
    {
      figure: `Resident memory of each instance before the sale (idle), ${label}`,
      budget: `< ${BUDGETS.idleInstanceMb} MB each`,
      measured: `${r.idleMb.map((mb) => `${mb.toFixed(0)} MB`).join(', ')}`,
      pass: r.idleMb.every((mb) => mb < BUDGETS.idleInstanceMb),
    },
    {
      figure: `Resident memory of each instance at rest after the queued on-sale, ${label}`,
      budget: `< ${BUDGETS.queuedInstanceAtRestMb} MB each`,
      measured: `${r.atRestMb.map((mb) => `${mb.toFixed(0)} MB`).join(', ')}`,
      pass: r.atRestMb.every((mb) => mb < BUDGETS.queuedInstanceAtRestMb),
    },
  );
}

if (ENGINES.includes('sqlite')) {
  const sqlite = await startSqlite(Number(process.env.BENCH_PORT ?? 3913));
  try {
    report('SQLite, 1 instance', await sale(sqlite, 'sqlite'));
  } finally {
    sqlite.stop();
  }
}
if (ENGINES.includes('postgres')) {
  const pg = await startPostgres({ log: false });
  try {
    const cluster = await startPostgresCluster(pg);
    try {
      report('PostgreSQL, 3 instances behind nginx', await sale(cluster, 'postgres'));
    } finally {
      await cluster.stop();
    }
  } finally {
    pg.stop();
  }
}
record('waiting-room', rows);
for (const row of rows)
  console.log(`${row.pass === false ? 'MISSED' : 'ok    '} ${row.figure}: ${row.measured} (budget ${row.budget})`);
