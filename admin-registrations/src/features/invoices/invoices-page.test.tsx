import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { aStaffUser, renderWithPlatform, type StubbedRequest } from '@tdk/shared-ui/testing';
import { InvoicesPage } from './invoices-page';
import type { InvoiceListRow } from './invoice-columns';

const invoice: InvoiceListRow = {
  id: 11,
  kind: 'invoice',
  number: 'INV/2627/000001',
  issuedAt: '2026-11-20T05:30:00.000Z',
  orderId: 'ORD-7K2M9Q',
  eventId: 4,
  againstInvoice: null,
  buyerName: 'Sahyadri Runners LLP',
  buyerEmail: 'accounts@sahyadri.example',
  buyerGstin: '27AAPFU0939F1ZV',
  placeOfSupply: '27',
  taxablePaise: 67_712,
  cgstPaise: 6_094,
  sgstPaise: 6_094,
  igstPaise: 0,
  totalPaise: 79_900,
};
const creditNote: InvoiceListRow = {
  ...invoice,
  id: 12,
  kind: 'credit_note',
  number: 'CRN/2627/000001',
  issuedAt: '2026-11-22T05:30:00.000Z',
  againstInvoice: 'INV/2627/000001',
};
const interState: InvoiceListRow = {
  ...invoice,
  id: 13,
  number: 'INV/2627/000002',
  buyerName: 'Asha Rao',
  buyerEmail: 'asha@example.com',
  buyerGstin: null,
  placeOfSupply: '29',
  cgstPaise: 0,
  sgstPaise: 0,
  igstPaise: 12_188,
};

function renderInvoices(route = '/invoices', role: 'manager' | 'coordinator' = 'manager') {
  return renderWithPlatform(<InvoicesPage />, {
    session: aStaffUser({ role }),
    route,
    path: '/invoices',
    api: {
      'GET /api/admin/events/options': {
        events: [
          { id: 4, title: 'Pune Half Marathon', date: '2026-12-13', status: 'Active' },
          { id: 5, title: 'Bengaluru 10K', date: '2026-12-20', status: 'Active' },
        ],
      },
      'GET /api/admin/invoices': ({ query }: StubbedRequest) => {
        const all = [interState, creditNote, invoice];
        const kind = query.get('kind');
        return { invoices: all.filter((row) => !kind || row.kind === kind) };
      },
    },
  });
}

describe('InvoicesPage', () => {
  it('lists invoices and credit notes with their taxes, each with its PDF', async () => {
    renderInvoices();
    const table = await screen.findByRole('table', { name: 'Invoices and credit notes' });
    await within(table).findByText('INV/2627/000002');
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(3);

    // Intra-state: CGST and SGST; inter-state: IGST; a credit note negative, against its invoice.
    const intra = rows[2]!;
    expect(within(intra).getByText('27AAPFU0939F1ZV')).toBeTruthy();
    expect(within(intra).getByText('CGST ₹60.94')).toBeTruthy();
    expect(within(intra).getByText('SGST ₹60.94')).toBeTruthy();
    expect(within(intra).getByText('₹677.12')).toBeTruthy();
    expect(within(intra).getByText('₹799')).toBeTruthy();
    expect(within(rows[0]!).getByText('IGST ₹121.88')).toBeTruthy();
    expect(within(rows[1]!).getByText('Credit note')).toBeTruthy();
    expect(within(rows[1]!).getByText('-₹799')).toBeTruthy();
    expect(within(rows[1]!).getAllByText('INV/2627/000001')).toHaveLength(1);

    const pdf = within(intra).getByRole('link', { name: 'Download PDF of INV/2627/000001' });
    expect(pdf.getAttribute('href')).toBe('/api/admin/invoices/11/pdf');
  });

  it('filters by event, kind and dates on the server, and the export asks for the same', async () => {
    const { api } = renderInvoices('/invoices?from=2026-11-01');
    await screen.findByText('INV/2627/000002');
    const filters = screen.getByRole('search', { name: 'Filter invoices' });
    await within(filters).findByRole('option', { name: 'Pune Half Marathon' });
    fireEvent.change(within(filters).getByLabelText('Event'), { target: { value: '4' } });
    fireEvent.change(within(filters).getByLabelText('Kind'), { target: { value: 'credit_note' } });
    fireEvent.change(within(filters).getByLabelText('To'), { target: { value: '2026-11-30' } });

    await waitFor(() => expect(screen.queryByText('INV/2627/000002')).toBeNull());
    expect(screen.getByText('CRN/2627/000001')).toBeTruthy();
    const last = api.calls('GET /api/admin/invoices').at(-1)!;
    expect(Object.fromEntries(last.query)).toEqual({ eventId: '4', kind: 'credit_note', from: '2026-11-01', to: '2026-11-30' });
    expect(screen.getByRole('link', { name: 'Export CSV' }).getAttribute('href')).toBe(
      '/api/admin/invoices/export.csv?eventId=4&kind=credit_note&from=2026-11-01&to=2026-11-30',
    );
  });

  it('searches after typing three characters, by GSTIN or number', async () => {
    const { api } = renderInvoices();
    await screen.findByText('INV/2627/000002');
    fireEvent.change(screen.getByRole('searchbox', { name: 'Search invoices' }), { target: { value: '27AAPFU' } });
    await waitFor(() => expect(api.calls('GET /api/admin/invoices').at(-1)!.query.get('q')).toBe('27AAPFU'));
  });

  it('says a date range that runs backwards instead of an empty list', async () => {
    renderInvoices('/invoices?from=2026-12-01&to=2026-11-01');
    expect(await screen.findByText('The From date is after the To date')).toBeTruthy();
    expect(screen.getByText('No invoices found.')).toBeTruthy();
  });

  it('is for managers', async () => {
    const { api } = renderInvoices('/invoices', 'coordinator');
    await waitFor(() => expect(screen.queryByRole('heading', { name: 'Invoices' })).toBeNull());
    expect(api.calls('GET /api/admin/invoices')).toHaveLength(0);
  });
});
