// The budgets of DESIGN.md section 7 and issue 26, in one file: every benchmark reads its own from
// here, and `npm run bench` exits non-zero when a figure misses one (run.mjs).

/** The languages every public page is measured in. */
export const LANGUAGES_MEASURED = ['en', 'hi'];

export const BUDGETS = {
  /** Lighthouse 12, default mobile profile, on /, /events and /event/:id, in each language. */
  lighthouseMobile: { performance: 98, lcpMs: 1200, accessibility: 100, clsBelow: 0.05 },
  /** JavaScript transferred (as sent) by the first load of a public page, in each language. */
  firstLoadJsKb: 200,
  /** LCP of / on loopback in headless Chromium (median). */
  firstLoadLcpMs: 600,
  /**
   * GET /api/events and /api/events/:id ÷ a bare Hono route in the same run, with and without gzip
   * (DESIGN.md section 7; 0.5 before issue 39, decision 041), and their p99 at 50 connections.
   */
  publicReadsVsHello: 0.75,
  publicReadsP99Ms: 50,
  /**
   * The admin lists (issues 14, 22 and 41, admin-lists): a page of events, tickets or registrations,
   * a search, the stats, at 10,000 events and 100,000 registrations of 500 organisations, as the
   * big organiser's staff (30% of them) and as a small one's, p99 of each on each engine; and the
   * public list's service (/api/events with its filters and ?organiser=) over all of them.
   */
  adminListP99Ms: 50,
  publicEventsListP99Ms: 50,
  /**
   * An organisation's CSV export of its registrations (admin-lists): the live heap it grows while
   * streaming (rows a chunk at a time), and its pace, on each engine: the big organisation's 30,000
   * rows took 3.7 s on SQLite and 5.8 s on PostgreSQL on these shared cores (issue 41).
   */
  adminCsvExportHeapMb: 50,
  adminCsvExportRowsPerSecond: 5_000,
  /**
   * Resident memory of one API instance at rest (issue 39, decision 041), served from its build:
   * idle after its start (events-throughput), and after a queued on-sale has sold out
   * (waiting-room, each instance). Under tsx: 370 MB and 580-610 MB (issue 39, the frontends built);
   * from the build, without the frontends' builds, 133-143 MB and 163-174 MB (decision 041).
   */
  idleInstanceMb: 250,
  queuedInstanceAtRestMb: 350,
  /**
   * One paid order end to end (create-order, the emulator's payment and webhook, verify), in
   * process (paid-order): statements sent to the database and CPU milliseconds, on each engine; no
   * more than on main when they were first measured (decision 041: 37 and 39 statements, 13-15 and
   * 23-25 ms of CPU on these shared cores, so the CPU budget leaves room for a busy neighbour).
   */
  paidOrder: { sqlite: { statements: 37, cpuMs: 20 }, postgres: { statements: 39, cpuMs: 35 } },
  /**
   * Several instances (issue 22): paid orders per second end to end, PostgreSQL with 3 instances
   * behind nginx ÷ 1 instance in steady state (the median of alternating rounds' ratios), at least
   * this on these 2 cores (more cores show the scaling); and
   * orders paid but not fulfilled, in every run.
   */
  paidOrdersThreeVsOne: 1.0,
  paidOrdersLost: 0,
  /**
   * One heavy request freezes none (issue 28, decision 029): the p99 latency of another request (an
   * event's tickets) timed every 25 ms while a 100,000-row CSV export runs beside live checkouts,
   * at most this much above its p99 beside the same checkouts alone, on each engine. Relative, so
   * that a machine busy with other work does not decide it; before the export yielded, it added 2.5 s.
   */
  exportAddsToNeighbourP99Ms: 250,
  /**
   * The waiting room (issue 29): a browser's status read with the whole queue waiting, p99; and the
   * servers' resident memory per 10,000 browsers waiting (the queue lives in the database).
   */
  queueStatusP99Ms: 50,
  queueMemoryMbPer10k: 20,
};

/** A page in a language: its path with `?lang=` (English is the default, so it carries none). */
export const inLanguage = (route, language) =>
  language === 'en' ? route : `${route}${route.includes('?') ? '&' : '?'}lang=${language}`;
