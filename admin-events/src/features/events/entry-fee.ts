import type { SportEvent } from '@tdk/api/contract';
import { formatRupees } from '@tdk/shared-ui';

/**
 * What a buyer pays, from the ticket types on sale (the prices the storefront lists), not the
 * event's own base price: a paid race is never "Free" here.
 */
export function entryFee(event: Pick<SportEvent, 'price' | 'startingPrice' | 'highestPrice'>): string {
  const low = event.startingPrice;
  const high = event.highestPrice ?? low;
  if (low === null || low === undefined)
    return event.price === 0 ? 'No ticket on sale' : `${formatRupees(event.price)} (no ticket on sale)`;
  if (high === null || high === low) return low === 0 ? 'Free' : formatRupees(low);
  return `${low === 0 ? 'Free' : formatRupees(low)} to ${formatRupees(high)}`;
}
