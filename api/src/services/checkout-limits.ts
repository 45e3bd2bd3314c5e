// How often one address or one buyer may open an order (issue 13: twelve anonymous unpaid orders
// could hold a whole ticket type for 15 minutes, again and again). Counted in memory per API
// process: the limits bound abuse of seats, they are not a ledger, and a restart forgiving them
// costs nothing. Behind a reverse proxy, TRUST_PROXY=true makes the address the client's own.
import { RateLimiterMemory, RateLimiterRes } from 'rate-limiter-flexible';
import { LIMITS } from '../contract';

const WINDOW_SECONDS = LIMITS.holdMinutes * 60;

/** Orders one address may open per hold window: fewer than would empty a small ticket type (issue 13). */
export const ORDERS_PER_ADDRESS = 10;
/** Orders one buyer e-mail may open per hold window. */
export const ORDERS_PER_BUYER = 5;
/** Unpaid orders one buyer may hold at once, across events (their own for this event is replaced). */
export const OPEN_HOLDS_PER_BUYER = 3;

export interface CheckoutLimits {
  /** 0 when this address and buyer may open another order now, else the seconds to wait. */
  retryAfter(address: string, buyerEmail: string): Promise<number>;
}

export function createCheckoutLimits(): CheckoutLimits {
  const byAddress = new RateLimiterMemory({ keyPrefix: 'order-ip', points: ORDERS_PER_ADDRESS, duration: WINDOW_SECONDS });
  const byBuyer = new RateLimiterMemory({ keyPrefix: 'order-email', points: ORDERS_PER_BUYER, duration: WINDOW_SECONDS });
  const consume = async (limiter: RateLimiterMemory, key: string) => {
    try {
      await limiter.consume(key);
      return 0;
    } catch (refusal) {
      if (refusal instanceof RateLimiterRes) return Math.max(1, Math.ceil(refusal.msBeforeNext / 1000));
      throw refusal;
    }
  };
  return {
    async retryAfter(address, buyerEmail) {
      const waitAddress = await consume(byAddress, address);
      if (waitAddress > 0) return waitAddress;
      return consume(byBuyer, buyerEmail.trim().toLowerCase());
    },
  };
}
