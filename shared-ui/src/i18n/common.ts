// shared-ui's own messages (the 404, dialogs, toasts, prices, the ticket), namespace 'common'.
import { useLanguage, useT } from './language-context';
import { registerCatalogues, type Translate } from './catalogues';
import { formatsFor, type Formats } from './formats';
import en from './en.json';

registerCatalogues('common', {
  en,
  hi: () => import(/* webpackChunkName: "i18n-common-hi" */ './hi.json'),
  mr: () => import(/* webpackChunkName: "i18n-common-mr" */ './mr.json'),
});

export const useCommonT = (): Translate => useT('common');

/** Numbers, rupees and dates in the current language. */
export const useFormats = (): Formats => formatsFor(useLanguage().language);

/**
 * Prices as a buyer reads them in the current language: 'Free', '₹499', '₹499 onwards',
 * '₹399 - ₹699'. A null starting price is an event with no ticket on sale: 'Tickets not on sale yet'.
 */
export function usePriceFormats() {
  const t = useCommonT();
  const formats = useFormats();
  const price = (amount: number | null | undefined) => (amount === 0 ? t('price.free') : formats.rupees(amount));
  return {
    price,
    startingPrice: (amount: number | null | undefined) =>
      amount === null
        ? t('price.notOnSale')
        : amount === undefined
          ? ''
          : amount === 0
            ? t('price.free')
            : t('price.onwards', { price: formats.rupees(amount) }),
    /** The prices a buyer can pay, lowest to highest; one price when they are equal. */
    range: (low: number | null, high: number | null) =>
      low === null || high === null
        ? t('price.notOnSale')
        : low === high
          ? price(low)
          : t('price.range', { low: price(low), high: price(high) }),
  };
}

/** The words of a status value ('Confirmed' → 'पुष्ट'); an unknown status shows as it is. */
export const statusLabel = (t: Translate, status: string) => {
  const key = STATUS_KEYS[status];
  return key ? t(key) : status;
};

const STATUS_KEYS: Readonly<Record<string, string>> = {
  Confirmed: 'status.Confirmed',
  Pending: 'status.Pending',
  Cancelled: 'status.Cancelled',
  'Checked-In': 'status.Checked-In',
  'No-Show': 'status.No-Show',
  Paid: 'status.Paid',
  Failed: 'status.Failed',
  Refunded: 'status.Refunded',
};
