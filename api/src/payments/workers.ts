// The two background loops of checkout, started by server.ts: the hold sweeper and the e-mail
// outbox worker. Both read and write only the database, so several instances may run them.
import type { AppDb } from '../db/client';
import type { Env } from '../env';
import { processOutbox } from '../mail/outbox';
import { onOutboxQueued } from '../mail/outbox-wake';
import { reconcileOpenOrders } from '../services/orders';
import { cashfreeBaseUrl, createCashfreeClient } from './cashfree';
import { createMailTransport, type MailTransport } from '../mail/transport';
import { releaseExpiredHolds } from '../services/holds';

export const HOLD_SWEEP_INTERVAL_MS = 60_000;
/** The fallback poll; a queued e-mail wakes the worker at once (mail/outbox-wake.ts). */
export const OUTBOX_INTERVAL_MS = 10_000;
/** How often orders the provider may have settled without telling us are checked. */
export const RECONCILE_INTERVAL_MS = 5 * 60_000;
const OUTBOX_BATCH = 50;
const OUTBOX_MAX_PASSES = 20;

export function startCheckoutWorkers(db: AppDb, env: Env, transport: MailTransport = createMailTransport(env)) {
  const sweep = () => {
    try {
      const released = releaseExpiredHolds(db);
      if (released > 0) console.log(`[payments] released ${released} lapsed hold(s)`);
    } catch (error) {
      console.error('[payments] hold sweep failed:', error);
    }
  };
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
      // Drain a backlog (a sale rush queues two e-mails per registration) in bounded batches.
      for (let pass = 0; pass < OUTBOX_MAX_PASSES; pass++) {
        const run = await processOutbox({ db, env, transport }, { limit: OUTBOX_BATCH });
        if (run.sent + run.retrying + run.failed < OUTBOX_BATCH) break;
      }
    } catch (error) {
      console.error('[mail] outbox run failed:', error);
    } finally {
      sending = false;
    }
    if (again) return send();
  };
  // The emulator keeps its orders in memory: after a restart it knows none, so there is nothing to
  // ask it. Against Cashfree, every unsettled order is asked about at start and then regularly.
  const cashfree =
    env.payments.mode === 'emulator'
      ? undefined
      : createCashfreeClient({ baseUrl: cashfreeBaseUrl(env), appId: env.payments.appId, secretKey: env.payments.secretKey });
  const reconcile = async () => {
    if (!cashfree) return;
    try {
      await reconcileOpenOrders({ db, env, cashfree });
    } catch (error) {
      console.error('[payments] reconciliation failed:', error);
    }
  };
  sweep();
  void send();
  void reconcile();
  const stopListening = onOutboxQueued(db.$client, () => void send());
  const timers = [
    setInterval(sweep, HOLD_SWEEP_INTERVAL_MS),
    setInterval(() => void send(), OUTBOX_INTERVAL_MS),
    setInterval(() => void reconcile(), RECONCILE_INTERVAL_MS),
  ];
  for (const t of timers) t.unref();
  return {
    stop() {
      stopListening();
      for (const t of timers) clearInterval(t);
      transport.close?.();
    },
  };
}
