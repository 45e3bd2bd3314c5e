import { formatRupees } from '@tdk/shared-ui';

/**
 * The registration form's button. A free registration never speaks of payment: 'Register'. Paid
 * tickets name the amount; before any ticket is chosen the event's starting price decides.
 */
export function submitLabelFor({ count, total, startingPrice }: { count: number; total: number; startingPrice: number }): string {
  if (count > 0) return total > 0 ? `Pay ${formatRupees(total)}` : 'Register';
  return startingPrice > 0 ? 'Proceed to Payment' : 'Register';
}
