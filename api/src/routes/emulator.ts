// /emulator/cashfree: the local Cashfree stand-in (payments/emulator.ts), mounted only in emulator mode.
import type { RouteDeps } from '../deps';
import { selfBaseUrl } from '../payments/cashfree';
import { createCashfreeEmulator } from '../payments/emulator';

export const emulatorFor = (deps: Pick<RouteDeps, 'env' | 'payments'>) =>
  createCashfreeEmulator({
    appId: deps.env.payments.appId,
    secretKey: deps.env.payments.secretKey,
    defaultNotifyUrl: `${selfBaseUrl(deps.env)}/api/cashfree/webhook`,
    fetch: deps.payments?.fetch,
    retryDelaysMs: deps.env.emulatorWebhookRetryMs,
    webhooks: deps.payments?.emulatorWebhooks,
  });
