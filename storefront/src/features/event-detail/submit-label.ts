import type { Formats, Translate } from '@tdk/shared-ui';

/**
 * The registration form's button. A free registration never speaks of payment: 'Register'. Paid
 * tickets name the amount; before any ticket is chosen the event's starting price decides.
 */
export function submitLabelFor(
  { count, total, startingPrice }: { count: number; total: number; startingPrice: number },
  t: Translate,
  formats: Formats,
): string {
  if (count > 0) return total > 0 ? t('submit.pay', { amount: formats.rupees(total) }) : t('submit.register');
  return startingPrice > 0 ? t('submit.proceedToPayment') : t('submit.register');
}
