// The staff export of an event's promo codes (decision 033): one row per code, money in rupees with
// two decimals, validity in India time, as a spreadsheet reads them; written by the platform's one
// CSV writer (contract/csv.ts), whose formula guard keeps every text cell text.
import { csvDocument, csvFigure, type PromoCode } from '../contract';

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

const rupees = (paise: number) => csvFigure((paise / 100).toFixed(2));
const KIND = { percent: 'Percentage off', amount: 'Amount off', price: 'Set price' } as const;
const limit = (n: number | null) => (n === null ? 'No limit' : String(n));

export function promoCodesCsv(codes: PromoCode[], typeNames: Map<number, string>): string {
  return csvDocument([
    HEADER,
    ...codes.map((code) => [
      code.code,
      KIND[code.kind],
      csvFigure(code.kind === 'percent' ? `${code.value}%` : code.value.toFixed(2)),
      code.ticketTypeIds.length === 0 ? 'All' : code.ticketTypeIds.map((id) => typeNames.get(id) ?? `#${id}`).join('; '),
      code.validFrom?.replace('T', ' ') ?? '',
      code.validUntil?.replace('T', ' ') ?? '',
      limit(code.maxUses),
      limit(code.maxUsesPerEmail),
      code.reservedSeats,
      code.reservedLeft,
      code.status,
      code.uses,
      code.held,
      rupees(code.revenuePaise ?? 0),
      rupees(code.discountPaise),
    ]),
  ]);
}
