// Loads the payment provider's browser SDK (cashfree.js v3, or the emulator's compatible copy)
// from the URL the API's config names, once per page.

export interface CashfreeCheckoutResult {
  error?: { message?: string; code?: string; type?: string };
  redirect?: boolean;
  paymentDetails?: { paymentMessage?: string; payment_method?: unknown; cf_payment_id?: string | number };
}

export interface CashfreeInstance {
  checkout(options: {
    paymentSessionId: string;
    redirectTarget: '_modal' | '_self' | '_blank' | '_top';
  }): Promise<CashfreeCheckoutResult>;
}

export type CashfreeFactory = (options: { mode: 'sandbox' | 'production' }) => CashfreeInstance;

declare global {
  interface Window {
    Cashfree?: CashfreeFactory;
  }
}

const loading = new Map<string, Promise<CashfreeFactory>>();

export function loadCashfreeSdk(src: string): Promise<CashfreeFactory> {
  if (!src) return Promise.reject(new Error('Online payment is not configured.'));
  if (typeof window.Cashfree === 'function') return Promise.resolve(window.Cashfree);
  const pending = loading.get(src);
  if (pending) return pending;

  const promise = new Promise<CashfreeFactory>((resolve, reject) => {
    const script = document.createElement('script');
    script.src = src;
    script.async = true;
    script.dataset.paymentSdk = 'cashfree';
    script.onload = () => {
      if (typeof window.Cashfree === 'function') resolve(window.Cashfree);
      else reject(new Error('The payment provider did not load.'));
    };
    script.onerror = () => reject(new Error('The payment provider could not be reached.'));
    document.head.appendChild(script);
  });
  // A failed load may be retried later (say, after the network comes back).
  promise.catch(() => {
    loading.delete(src);
    document.querySelectorAll(`script[data-payment-sdk="cashfree"]`).forEach((node) => {
      if ((node as HTMLScriptElement).src.endsWith(src)) node.remove();
    });
  });
  loading.set(src, promise);
  return promise;
}
