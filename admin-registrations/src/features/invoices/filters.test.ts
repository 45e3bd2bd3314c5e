import { describe, expect, it } from 'vitest';
import {
  dateRangeProblem,
  invoiceExportHref,
  invoiceFiltersFromParams,
  invoiceParamsWith,
  invoiceQuery,
  type InvoiceFilters,
} from './filters';

const none: InvoiceFilters = { q: '', eventId: null, kind: '', from: '', to: '' };

describe('invoice filters', () => {
  it('reads what the URL holds and drops what is not a filter', () => {
    expect(
      invoiceFiltersFromParams(new URLSearchParams('q=INV/2627&eventId=4&kind=credit_note&from=2026-04-01&to=2027-03-31')),
    ).toEqual({ q: 'INV/2627', eventId: 4, kind: 'credit_note', from: '2026-04-01', to: '2027-03-31' });
    expect(invoiceFiltersFromParams(new URLSearchParams('eventId=-2&kind=receipt&from=2026-02-30&to=yesterday'))).toEqual(none);
  });

  it('writes only the filters set, and the export asks for the same', () => {
    const filters = { ...none, eventId: 7, kind: 'invoice' as const, from: '2026-04-01' };
    expect(invoiceParamsWith(filters, { q: '27AAPFU' }).toString()).toBe('q=27AAPFU&eventId=7&kind=invoice&from=2026-04-01');
    expect(invoiceExportHref(filters)).toBe('/api/admin/invoices/export.csv?eventId=7&kind=invoice&from=2026-04-01');
    expect(invoiceExportHref(none)).toBe('/api/admin/invoices/export.csv');
    expect(invoiceQuery(filters)).toEqual({ q: undefined, eventId: '7', kind: 'invoice', from: '2026-04-01', to: undefined });
  });

  it('names a date range that runs backwards', () => {
    expect(dateRangeProblem({ ...none, from: '2026-05-02', to: '2026-05-01' })).toBe('The From date is after the To date');
    expect(dateRangeProblem({ ...none, from: '2026-05-01', to: '2026-05-01' })).toBeNull();
  });
});
