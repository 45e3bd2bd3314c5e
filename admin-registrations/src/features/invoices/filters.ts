// The Invoices view's filters (decision 031), held in the URL so a filtered list can be shared and
// the CSV export asks the server for exactly what the table shows.
import { searchableText } from '@tdk/api/contract';

export const INVOICE_KIND_OPTIONS = [
  { value: 'invoice', label: 'Tax invoices' },
  { value: 'credit_note', label: 'Credit notes' },
] as const;
export type InvoiceKindFilter = (typeof INVOICE_KIND_OPTIONS)[number]['value'] | '';

export interface InvoiceFilters {
  /** Number, buyer, e-mail, GSTIN or order. */
  q: string;
  eventId: number | null;
  kind: InvoiceKindFilter;
  /** India dates (YYYY-MM-DD), both ends included; '' for open. */
  from: string;
  to: string;
}

const positive = (value: string | null) => {
  const n = Number(value);
  return Number.isInteger(n) && n > 0 ? n : null;
};

/** A real calendar date written YYYY-MM-DD, or ''. */
export function dayOrEmpty(value: string | null): string {
  if (!value || !/^\d{4}-\d{2}-\d{2}$/.test(value)) return '';
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value ? value : '';
}

/** Reads the filters from the URL; anything unknown is left out. */
export function invoiceFiltersFromParams(params: URLSearchParams): InvoiceFilters {
  const kind = params.get('kind') ?? '';
  return {
    q: searchableText(params.get('q') ?? '').slice(0, 100),
    eventId: positive(params.get('eventId')),
    kind: INVOICE_KIND_OPTIONS.some((option) => option.value === kind) ? (kind as InvoiceKindFilter) : '',
    from: dayOrEmpty(params.get('from')),
    to: dayOrEmpty(params.get('to')),
  };
}

/** The URL for a change of filters, empty ones left out. */
export function invoiceParamsWith(current: InvoiceFilters, change: Partial<InvoiceFilters>): URLSearchParams {
  const next = { ...current, ...change };
  const params = new URLSearchParams();
  if (next.q) params.set('q', next.q);
  if (next.eventId) params.set('eventId', String(next.eventId));
  if (next.kind) params.set('kind', next.kind);
  if (next.from) params.set('from', next.from);
  if (next.to) params.set('to', next.to);
  return params;
}

/** The API's query for these filters (GET /api/admin/invoices and its export). */
export function invoiceQuery(filters: InvoiceFilters) {
  return {
    q: filters.q || undefined,
    eventId: filters.eventId ? String(filters.eventId) : undefined,
    kind: filters.kind || undefined,
    from: filters.from || undefined,
    to: filters.to || undefined,
  };
}

/** The accountant's CSV: the same filters, invoices and credit notes (negative). */
export function invoiceExportHref(filters: InvoiceFilters): string {
  const query = invoiceParamsWith(filters, {}).toString();
  return `/api/admin/invoices/export.csv${query ? `?${query}` : ''}`;
}

/** A from date after the to date finds nothing: said on the filter rather than shown as an empty list. */
export const dateRangeProblem = (filters: InvoiceFilters): string | null =>
  filters.from && filters.to && filters.from > filters.to ? 'The From date is after the To date' : null;
