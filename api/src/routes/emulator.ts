// /emulator/cashfree: the local Cashfree stand-in (payments/emulator.ts), mounted only in emulator
// mode, with its orders in the database so that every instance sees them.
import type { RouteDeps } from '../deps';
import { selfBaseUrl } from '../urls';
import { createCashfreeEmulator } from '../payments/emulator';
import { databaseEmulatorStore } from '../payments/emulator-store';

export const emulatorFor = (deps: Pick<RouteDeps, 'env' | 'payments' | 'db'>) =>
  createCashfreeEmulator({
    appId: deps.env.payments.appId,
    secretKey: deps.env.payments.secretKey,
    defaultNotifyUrl: `${selfBaseUrl(deps.env)}/api/cashfree/webhook`,
    fetch: deps.payments?.fetch,
    retryDelaysMs: deps.env.emulatorWebhookRetryMs,
    refundSettleMs: deps.env.emulatorRefundSettleMs,
    webhooks: deps.payments?.emulatorWebhooks,
    store: databaseEmulatorStore(deps.db),
  });
