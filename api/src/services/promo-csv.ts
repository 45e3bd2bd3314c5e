// The staff export of an event's promo codes (decision 033): one row per code, money in rupees with
// two decimals, validity in India time, as a spreadsheet reads them.
import { stringify } from 'csv-stringify/sync';
import type { PromoCode } from '../contract';

const HEADER = [
  'Code',
  'Kind',
  'Value',
  'Ticket types',
  'Valid from (IST)',
  'Valid until (IST)',
  'Total uses',
  'Uses per e-mail',
  'Reserved seats',
  'Reserved seats left',
  'Status',
  'Uses',
  'Held now',
  'Revenue',
  'Discount given',
];

const rupees = (paise: number) => (paise / 100).toFixed(2);
/** A cell a spreadsheet would run as a formula is kept as text. */
const safe = (text: string) => (/^[=+\-@\t\r]/.test(text) ? `'${text}` : text);
const KIND = { percent: 'Percentage off', amount: 'Amount off', price: 'Set price' } as const;
const limit = (n: number | null) => (n === null ? 'No limit' : String(n));

export function promoCodesCsv(codes: PromoCode[], typeNames: Map<number, string>): string {
  return (
    '\uFEFF' +
    stringify([
      HEADER,
      ...codes.map((code) => [
        safe(code.code),
        KIND[code.kind],
        code.kind === 'percent' ? `${code.value}%` : code.value.toFixed(2),
        code.ticketTypeIds.length === 0 ? 'All' : code.ticketTypeIds.map((id) => safe(typeNames.get(id) ?? `#${id}`)).join('; '),
        code.validFrom?.replace('T', ' ') ?? '',
        code.validUntil?.replace('T', ' ') ?? '',
        limit(code.maxUses),
        limit(code.maxUsesPerEmail),
        code.reservedSeats === null ? '' : String(code.reservedSeats),
        code.reservedLeft === null ? '' : String(code.reservedLeft),
        code.status,
        String(code.uses),
        String(code.held),
        rupees(code.revenuePaise),
        rupees(code.discountPaise),
      ]),
    ])
  );
}
