// The background jobs, started by server.ts (startJobs): the hold sweeper, the e-mail outbox worker,
// reconciliation with the payment provider, the refunds sender (decision 022), the waiting list's
// offers (024), cancelled events' refunds (025), the retention erasure (030), the waiting rooms'
// admissions (032) and the weekly report. Every instance runs them: the leased jobs take a turn only
// under their job's lease (services/job-leases.ts), so each runs on one instance at a time; the
// outbox worker claims each e-mail with a conditional update, so several instances send in parallel
// and none sends one twice. A job's work is a service's; this module only schedules it (issue 39:
// it left payments/, where it began as checkout's loops). Nothing imports it but server.ts.
import type { Database } from '../db/client';
import { onOutboxQueued } from '../db/notify';
import type { Env } from '../env';
import { processOutbox } from '../mail/outbox';
import { createMailTransport, type MailTransport } from '../mail/transport';
import { forgetEndedWindows } from '../services/checkout-limits';
import { releaseExpiredHolds } from '../services/holds';
import { releaseEndedBlocks } from '../services/promo-codes';
import { expireOffers } from '../services/inventory';
import { claimLease, instanceId, JOBS, releaseLease } from '../services/job-leases';
import { ADMIT_INTERVAL_MS, admitTurn, liveRoomIds, type AdmitTurn } from '../services/waiting-room';
import { reconcileOpenOrders, RECONCILE_LOOKBACK_MS } from '../services/payment-events';
import { dropLapsedPositions } from '../services/order-positions';
import { offersAwaitingMail, queueOfferEmails } from '../services/waiting-list';
import { processRefunds } from '../services/refunds';
import { cancellationTurn, CANCELLATIONS_INTERVAL_MS } from '../services/event-cancellations';
import { eraseAfterRetention, retentionPeriods } from '../services/personal-data';
import { removeMailFiles } from '../mail/transport';
import type { PaymentProvider } from '../payments/provider';
import { startWeeklyReportJob } from './weekly-report';
import { deliverWebhooks, pruneWebhookDeliveries } from '../services/webhooks';
import { sendDueMessages } from '../services/event-messages';
import { queueCertificateEmails } from '../services/results';

export const HOLD_SWEEP_INTERVAL_MS = 60_000;
/** The fallback poll; a queued e-mail wakes the worker at once (db/notify.ts). */
export const OUTBOX_INTERVAL_MS = 10_000;
/** How long wake-ups are gathered before the worker runs: an e-mail still leaves within a second. */
const OUTBOX_WAKE_GATHER_MS = 200;
/** How often orders the provider may have settled without telling us are checked. */
export const RECONCILE_INTERVAL_MS = 5 * 60_000;
const RECONCILE_FIRST_DELAY_MS = 5_000;
const OUTBOX_BATCH = 50;
const OUTBOX_MAX_PASSES = 20;

/** How often refunds left unsent (a provider error, a restart) are sent again and quiet ones asked about. */
export const REFUNDS_INTERVAL_MS = 60_000;

/** How often lapsed waiting-list offers pass to the next entries (decision 024). */
export const OFFER_SWEEP_INTERVAL_MS = 60_000;

/** How often due webhook deliveries are sent (decision 064): every instance, each row claimed once. */
export const WEBHOOKS_INTERVAL_MS = 5_000;
const WEBHOOKS_MAX_PASSES = 20;

/** How often due messages to registrants are handed to the outbox (decision 072), under its lease. */
export const MESSAGES_INTERVAL_MS = 10_000;

/**
 * One turn of the messages job (decision 072), under its lease (one instance hands recipients over at
 * a time; each recipient is also claimed by a conditional update, so even two never queue one twice).
 * Exported for tests.
 */
export async function messagesTurn(database: Database, env: Env, holder: string, now = new Date()): Promise<number> {
  const mine = await database.query((db) => claimLease(db, JOBS.messages, holder, 6 * MESSAGES_INTERVAL_MS, now));
  if (!mine) return 0;
  // Finishers' certificate e-mails of newly published results (decision 070) are messages to
  // registrants too, handed to the outbox in batches under the same lease.
  return (await sendDueMessages({ db: database, env }, { now })) + (await queueCertificateEmails(database, env));
}

/** How often attendees past the retention period are erased (decision 030). */
export const RETENTION_INTERVAL_MS = 60 * 60_000;

/**
 * One turn of the retention job, under its lease (so one instance erases at a time): for each
 * organisation its own retention period, bounded batches until nothing of it is due. Exported for tests.
 */
export async function retentionTurn(database: Database, holder: string, now = new Date(), dataDir?: string): Promise<number> {
  const mine = await database.query((db) => claimLease(db, JOBS.retention, holder, 2 * RETENTION_INTERVAL_MS, now));
  if (!mine) return 0;
  // Each organisation's own period (decision 056).
  const periods = await database.query((db) => retentionPeriods(db));
  let total = 0;
  for (const { organisationId, retentionDays } of periods) {
    for (;;) {
      const done = await database.transaction((tx) => eraseAfterRetention(tx, organisationId, retentionDays, now));
      // After the commit: the erased e-mails' .eml copies (issue 40).
      if (dataDir) removeMailFiles(dataDir, done.mailIds);
      total += done.attendees;
      if (done.orders === 0 && done.attendees === 0) break;
    }
    // Finished webhook deliveries past the same period (decision 074): their payloads hold personal data.
    for (;;) {
      const pruned = await database.transaction((tx) => pruneWebhookDeliveries(tx, organisationId, retentionDays, now));
      if (pruned === 0) break;
    }
  }
  return total;
}

/**
 * One turn of the waiting-room job (decision 032), under its lease: each live room opens at its
 * on-sale, lapses unused entry tokens and admits the next in line at its rate, a transaction per
 * room. Exported for tests and the bench, which drive it with their own clock.
 */
export async function waitingRoomTurn(database: Database, holder: string, now = new Date()): Promise<AdmitTurn[]> {
  const mine = await database.query((db) => claimLease(db, JOBS.waitingRooms, holder, 5 * ADMIT_INTERVAL_MS, now));
  if (!mine) return [];
  const rooms = await database.query((db) => liveRoomIds(db));
  const turns: AdmitTurn[] = [];
  for (const eventId of rooms) turns.push(await database.transaction((tx) => admitTurn(tx, eventId, now)));
  return turns;
}

/**
 * One turn of the waiting-list job, under its lease: lapsed offers end and their seats pass to the
 * next entries, in one transaction. Exported for tests, which run two of them at once.
 */
export async function offerSweepTurn(database: Database, holder: string, now = new Date()): Promise<number> {
  const mine = await database.query((db) => claimLease(db, JOBS.offerSweep, holder, 2 * OFFER_SWEEP_INTERVAL_MS, now));
  if (!mine) return 0;
  return database.transaction((tx) => expireOffers(tx, now));
}

/** Runs `turn` when this instance holds (or now takes) the job's lease for about two intervals. */
async function underLease(database: Database, job: string, intervalMs: number, turn: () => Promise<void>) {
  const mine = await database.query((db) => claimLease(db, job, instanceId(), 2 * intervalMs));
  if (mine) await turn();
}

/**
 * Starts every background job of this instance; stop() ends them, waits for the runs under way and
 * hands the leases on. The payment provider is the app's (server.ts gives both the same one).
 */
export function startJobs(
  database: Database,
  env: Env,
  provider: PaymentProvider,
  transport: MailTransport = createMailTransport(env),
) {
  const sweep = () =>
    underLease(database, JOBS.holdSweep, HOLD_SWEEP_INTERVAL_MS, async () => {
      const released = await database.transaction((tx) => releaseExpiredHolds(tx));
      if (released > 0) console.log(`[payments] released ${released} lapsed hold(s)`);
      // Positions of orders no payment can still come for leave with their personal details (decision 040).
      const before = new Date(Date.now() - RECONCILE_LOOKBACK_MS).toISOString();
      await database.transaction((tx) => dropLapsedPositions(tx, before));
      // Promo codes that ended or were switched off give their sponsor's blocks back (decision 033).
      const blocks = await database.transaction((tx) => releaseEndedBlocks(tx));
      if (blocks > 0) console.log(`[payments] released the reserved seats of ${blocks} ended promo code(s)`);
      await database.query((db) => forgetEndedWindows(db));
    }).catch((error: unknown) => console.error('[payments] hold sweep failed:', error));
  const offerSweep = () =>
    offerSweepTurn(database, instanceId())
      .then((ended) => {
        if (ended > 0) console.log(`[waiting-list] ${ended} lapsed offer(s) passed on`);
      })
      .catch((error: unknown) => console.error('[waiting-list] offer sweep failed:', error));
  let sending = false;
  let again = false;
  const send = async (): Promise<void> => {
    if (sending) {
      // Woken mid-run: run once more afterwards, so rows queued during this run wait for nobody.
      again = true;
      return;
    }
    sending = true;
    again = false;
    try {
      // Offers made since the last run get their e-mails first (the transaction that freed the
      // seats may not know the site's address; this worker does). Each is claimed once.
      if (await database.query(offersAwaitingMail)) await database.transaction((tx) => queueOfferEmails(tx, env));
      // Drain a backlog (a sale rush queues two e-mails per registration) in bounded batches.
      for (let pass = 0; pass < OUTBOX_MAX_PASSES; pass++) {
        const run = await processOutbox({ db: database, env, transport }, { limit: OUTBOX_BATCH });
        if (run.sent + run.retrying + run.failed < OUTBOX_BATCH) break;
      }
    } catch (error) {
      console.error('[mail] outbox run failed:', error);
    } finally {
      sending = false;
    }
    if (again) return send();
  };
  // Every unsettled order is asked about soon after start and then regularly (by one instance at a
  // time): a payment whose webhook never came, or whose instance died before the fulfilment
  // committed, is fulfilled then, exactly once. The emulator keeps its orders in the database, so
  // it is asked as Cashfree is.
  const reconcile = () =>
    underLease(database, JOBS.reconcile, RECONCILE_INTERVAL_MS, async () => {
      await reconcileOpenOrders({ db: database, env, provider });
    }).catch((error: unknown) => console.error('[payments] reconciliation failed:', error));
  // Refunds decided but not sent (the provider failed, or the instance stopped between the commit
  // and the call) are sent again, by one instance at a time; the refund id makes a repeat harmless.
  const refundTurn = () =>
    underLease(database, JOBS.refunds, REFUNDS_INTERVAL_MS, async () => {
      const done = await processRefunds({ db: database, provider });
      if (done.sent + done.settled > 0) console.log(`[payments] refunds: ${done.sent} sent, ${done.settled} settled`);
    }).catch((error: unknown) => console.error('[payments] refunds run failed:', error));
  const cancellations = () =>
    cancellationTurn(database, env, provider, instanceId())
      .then((decided) => {
        if (decided > 0) console.log(`[events] cancellation refunds: ${decided} order(s) decided`);
      })
      .catch((error: unknown) => console.error('[events] cancellation refunds failed:', error));
  let admitting = false;
  const admit = async () => {
    // One turn at a time on this instance: a slow turn is never overlapped by the next.
    if (admitting) return;
    admitting = true;
    try {
      const turns = await waitingRoomTurn(database, instanceId());
      for (const turn of turns) if (turn.opened) console.log('[waiting-room] a sale opened: its pre-queue is shuffled');
    } catch (error) {
      console.error('[waiting-room] admission turn failed:', error);
    } finally {
      admitting = false;
    }
  };
  const retention = () =>
    retentionTurn(database, instanceId(), new Date(), env.dataDir)
      .then((erased) => {
        if (erased > 0) console.log(`[data] retention: ${erased} attendee(s) past the retention period erased`);
      })
      .catch((error: unknown) => console.error('[data] retention erasure failed:', error));
  // Webhook deliveries (decision 064): claimed row by row like the e-mail outbox, so every instance
  // sends in parallel and none sends one twice; a backlog drains in bounded batches.
  let delivering = false;
  const deliver = async () => {
    if (delivering) return;
    delivering = true;
    try {
      for (let pass = 0; pass < WEBHOOKS_MAX_PASSES; pass++) {
        const run = await deliverWebhooks({ db: database, env });
        if (run.succeeded + run.retrying + run.failed < 50) break;
      }
    } catch (error) {
      console.error('[webhooks] delivery run failed:', error);
    } finally {
      delivering = false;
    }
  };
  let messaging = false;
  const messages = async () => {
    if (messaging) return;
    messaging = true;
    try {
      const handed = await messagesTurn(database, env, instanceId());
      if (handed > 0) console.log(`[messages] ${handed} recipient(s) handed to the outbox`);
    } catch (error) {
      console.error('[messages] run failed:', error);
    } finally {
      messaging = false;
    }
  };
  // Runs under way, so that stop() lets them finish before the database is closed.
  const running = new Set<Promise<unknown>>();
  const track = (run: () => Promise<unknown>) => () => {
    const promise = run().finally(() => running.delete(promise));
    running.add(promise);
  };
  const [
    sweepNow,
    sendNow,
    reconcileNow,
    offerSweepNow,
    refundsNow,
    cancellationsNow,
    admitNow,
    retentionNow,
    deliverNow,
    messagesNow,
  ] = [
    track(sweep),
    track(send),
    track(reconcile),
    track(offerSweep),
    track(refundTurn),
    track(cancellations),
    track(admit),
    track(retention),
    track(deliver),
    track(messages),
  ];
  sweepNow();
  offerSweepNow();
  sendNow();
  // Once the server listens (the emulator answers through it).
  const firstReconcile = setTimeout(() => {
    reconcileNow();
    refundsNow();
    cancellationsNow();
    retentionNow();
  }, RECONCILE_FIRST_DELAY_MS);
  firstReconcile.unref();
  // Wake-ups are gathered for a moment: in a sale rush every fulfilment, on every instance, says
  // it queued e-mails, and one run sends what many of them queued.
  let wake: NodeJS.Timeout | undefined;
  const stopListening = onOutboxQueued(database, () => {
    wake ??= setTimeout(() => {
      wake = undefined;
      sendNow();
    }, OUTBOX_WAKE_GATHER_MS);
  });
  const timers = [
    setInterval(sweepNow, HOLD_SWEEP_INTERVAL_MS),
    setInterval(sendNow, OUTBOX_INTERVAL_MS),
    setInterval(reconcileNow, RECONCILE_INTERVAL_MS),
    setInterval(offerSweepNow, OFFER_SWEEP_INTERVAL_MS),
    setInterval(refundsNow, REFUNDS_INTERVAL_MS),
    setInterval(cancellationsNow, CANCELLATIONS_INTERVAL_MS),
    setInterval(admitNow, ADMIT_INTERVAL_MS),
    setInterval(retentionNow, RETENTION_INTERVAL_MS),
    setInterval(deliverNow, WEBHOOKS_INTERVAL_MS),
    setInterval(messagesNow, MESSAGES_INTERVAL_MS),
  ];
  for (const t of timers) t.unref();
  // Weekly Reports (Settings): Monday 09:00 India time, once per week (jobs/weekly-report.ts).
  const weeklyReport = startWeeklyReportJob(database);
  return {
    async stop() {
      stopListening();
      for (const t of timers) clearInterval(t);
      clearTimeout(firstReconcile);
      clearTimeout(wake);
      await Promise.allSettled([...running, weeklyReport.stop()]);
      transport.close?.();
      // Hand the leases on at once rather than after they lapse.
      await database
        .query(async (db) => {
          for (const job of Object.values(JOBS)) await releaseLease(db, job, instanceId());
        })
        .catch(() => undefined);
    },
  };
}
