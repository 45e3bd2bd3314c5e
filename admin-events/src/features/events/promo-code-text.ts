// How the console words a promo code (issue 25, decision 033): its discount, when it is valid, its
// uses against its limit, its reserved seats and where it stands. Pure, so each is tested alone.
import type { PromoCode, PromoCodeStatus } from '@tdk/api/contract';
import { formatEventDateTime, formatNumber, formatRupees } from '@tdk/shared-ui';

/** '10 % off', '₹200 off each ticket', 'Each ticket at ₹499' ('free' for a set price of 0). */
export function discountText(code: Pick<PromoCode, 'kind' | 'value'>): string {
  if (code.kind === 'percent') return `${formatNumber(code.value)} % off`;
  if (code.kind === 'amount') return `${formatRupees(code.value)} off each ticket`;
  return code.value === 0 ? 'Each ticket free' : `Each ticket at ${formatRupees(code.value)}`;
}

/** An India date-time '2026-12-01T18:30' as '1 Dec 2026, 6:30 pm'. */
const when = (value: string) => formatEventDateTime(value.slice(0, 10), value.slice(11, 16));

/** 'Always', 'From 1 Dec 2026, 6:30 pm', 'Until …', or 'From … until …' (India time). */
export function validityText(code: Pick<PromoCode, 'validFrom' | 'validUntil'>): string {
  const { validFrom, validUntil } = code;
  if (validFrom && validUntil) return `From ${when(validFrom)} until ${when(validUntil)}`;
  if (validFrom) return `From ${when(validFrom)}`;
  if (validUntil) return `Until ${when(validUntil)}`;
  return 'Always';
}

/** '3 / 100', or '3 / no limit'; the per-e-mail limit after it when there is one. */
export function usesText(code: Pick<PromoCode, 'uses' | 'maxUses' | 'maxUsesPerEmail'>): string {
  const limit = code.maxUses === null ? 'no limit' : formatNumber(code.maxUses);
  const perEmail = code.maxUsesPerEmail === null ? '' : ` (at most ${formatNumber(code.maxUsesPerEmail)} per e-mail)`;
  return `${formatNumber(code.uses)} / ${limit}${perEmail}`;
}

/** '12 of 20' reserved seats still free, or '—' without a block. */
export function reservedText(code: Pick<PromoCode, 'reservedSeats' | 'reservedLeft'>): string {
  if (code.reservedSeats === null) return '—';
  return `${formatNumber(code.reservedLeft ?? 0)} of ${formatNumber(code.reservedSeats)}`;
}

export const STATUS_TEXT: Readonly<Record<PromoCodeStatus, string>> = {
  active: 'Active',
  disabled: 'Disabled',
  scheduled: 'Not yet valid',
  expired: 'Expired',
  used_up: 'Used up',
};

/** Every code of the event with its uses and revenue, as CSV, for managers (the session cookie authorises it). */
export const promoCodesExportHref = (eventId: number) => `/api/admin/events/${eventId}/promo-codes/export.csv`;
