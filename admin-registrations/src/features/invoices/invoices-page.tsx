// /admin/registrations/invoices (manager): the tax invoices and credit notes issued for paid and
// refunded orders (decision 031), searched and filtered on the server, each one's PDF, and the CSV
// the accountant files GST returns from.
import { useEffect, useState } from 'react';
import { useSearchParams } from '@tdk/shared-ui/router';
import styled from 'styled-components';
import { Button, DownloadIcon, Field, Input, SearchHint, SearchInput, Select, pluralize } from '@tdk/shared-ui';
import { DataTable, PageHeader, RequireRole, useColumnChooser, useSearchText } from '@tdk/shared-ui/admin';
import {
  INVOICE_KIND_OPTIONS,
  dateRangeProblem,
  invoiceExportHref,
  invoiceFiltersFromParams,
  invoiceParamsWith,
  type InvoiceFilters,
  type InvoiceKindFilter,
} from './filters';
import { invoiceColumns } from './invoice-columns';
import { INVOICE_LIST_LIMIT, useInvoices } from './queries';
import { EventFilter } from '../registrations/event-filter';

export function InvoicesPage() {
  return (
    <RequireRole minRole="manager">
      <Invoices />
    </RequireRole>
  );
}

function Invoices() {
  const [params, setParams] = useSearchParams();
  const filters = invoiceFiltersFromParams(params);
  const update = (change: Partial<InvoiceFilters>) => setParams(invoiceParamsWith(filters, change));
  const rangeProblem = dateRangeProblem(filters);
  const list = useInvoices(filters);
  const rows = rangeProblem ? [] : (list.data?.invoices ?? []);
  const [search, setSearch] = useState(filters.q);
  const table = useColumnChooser('invoices', invoiceColumns());

  // The search follows typing after a pause (and from 3 characters), as the other lists do.
  const searched = useSearchText(search);
  useEffect(() => {
    if (searched.search === filters.q) return;
    setParams(invoiceParamsWith(invoiceFiltersFromParams(params), { q: searched.search }));
  }, [searched.search, filters.q, params, setParams]);

  return (
    <>
      <PageHeader
        title="Invoices"
        subtitle="Tax invoices for paid orders and credit notes for refunds, numbered per financial year"
        actions={
          <Button as="a" href={invoiceExportHref(filters)} variant="outline" leftIcon={<DownloadIcon size={18} />} download>
            Export CSV
          </Button>
        }
      />
      <Filters role="search" aria-label="Filter invoices">
        <SearchInput
          placeholder="Search number, buyer, email, GSTIN or booking reference"
          aria-label="Search invoices"
          aria-describedby="invoices-search-hint"
          value={search}
          onChange={(event) => setSearch(event.target.value)}
        />
        <EventFilter value={filters.eventId} onChange={(eventId) => update({ eventId })} />
        <Select
          aria-label="Kind"
          value={filters.kind}
          onChange={(event) => update({ kind: event.target.value as InvoiceKindFilter })}
        >
          <option value="">All documents</option>
          {INVOICE_KIND_OPTIONS.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </Select>
        <Field label="From" error={rangeProblem ?? undefined}>
          <Input type="date" value={filters.from} onChange={(event) => update({ from: event.target.value })} />
        </Field>
        <Field label="To">
          <Input type="date" value={filters.to} onChange={(event) => update({ to: event.target.value })} />
        </Field>
      </Filters>
      <TableBar>
        <SearchHint id="invoices-search-hint">{searched.hint}</SearchHint>
        {table.chooser}
      </TableBar>
      {list.error && !list.data && <ErrorText role="alert">Failed to load invoices. Try again in a moment.</ErrorText>}
      {rows.length >= INVOICE_LIST_LIMIT && (
        <Hint>
          Showing the latest {pluralize(INVOICE_LIST_LIMIT, 'document')}. Narrow the dates or the event to see older ones; Export
          CSV has every one that matches.
        </Hint>
      )}
      <DataTable
        caption="Invoices and credit notes"
        hideCaption
        loading={list.isPending && !rangeProblem}
        rows={rows}
        getRowKey={(row) => row.id}
        emptyTitle="No invoices found."
        emptyMessage="A tax invoice is issued when an order is paid while Settings → Tax holds your GST registration; a refund of an invoiced order issues a credit note."
        minWidth={table.minWidth}
        columns={table.columns}
      />
    </>
  );
}

const Filters = styled.div`
  display: grid;
  grid-template-columns: minmax(220px, 2fr) repeat(2, minmax(160px, 1fr)) repeat(2, minmax(140px, 0.8fr));
  gap: ${({ theme }) => theme.space.sm};
  align-items: end;
  margin-bottom: ${({ theme }) => theme.space.md};

  @media (max-width: 1180px) {
    grid-template-columns: repeat(2, minmax(0, 1fr));
  }
  @media (max-width: 520px) {
    grid-template-columns: 1fr;
  }
`;

const TableBar = styled.div`
  display: flex;
  align-items: center;
  justify-content: space-between;
  gap: ${({ theme }) => theme.space.md};
  margin: -${({ theme }) => theme.space.xs} 0 ${({ theme }) => theme.space.md};
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: ${({ theme }) => theme.fontSizes.sm};
`;

const Hint = styled.p`
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: ${({ theme }) => theme.fontSizes.sm};
`;

const ErrorText = styled.p`
  color: ${({ theme }) => theme.colors.dangerHover};
`;
