// The two background loops of checkout, started by server.ts: the hold sweeper and the e-mail
// outbox worker. Both read and write only the database, so several instances may run them.
import type { AppDb } from '../db/client';
import type { Env } from '../env';
import { processOutbox } from '../mail/outbox';
import { createMailTransport, type MailTransport } from '../mail/transport';
import { releaseExpiredHolds } from '../services/holds';

export const HOLD_SWEEP_INTERVAL_MS = 60_000;
export const OUTBOX_INTERVAL_MS = 10_000;
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
  const send = async () => {
    if (sending) return;
    sending = true;
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
  };
  sweep();
  void send();
  const timers = [setInterval(sweep, HOLD_SWEEP_INTERVAL_MS), setInterval(() => void send(), OUTBOX_INTERVAL_MS)];
  for (const t of timers) t.unref();
  return {
    stop() {
      for (const t of timers) clearInterval(t);
      transport.close?.();
    },
  };
}
