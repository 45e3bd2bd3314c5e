import styled from 'styled-components';
import { localTaxLabel, stateName } from '@tdk/api/contract';
import { Button, DownloadIcon, formatRupees, formatShortDate } from '@tdk/shared-ui';
import { StatusBadge, type DataTableColumn } from '@tdk/shared-ui/admin';
import { invoicePdfHref } from '../documents/invoice-pdf';

/** A row of GET /api/admin/invoices. */
export interface InvoiceListRow {
  id: number;
  kind: 'invoice' | 'credit_note';
  number: string;
  issuedAt: string;
  orderId: string;
  eventId: number | null;
  againstInvoice: string | null;
  buyerName: string;
  buyerEmail: string;
  buyerGstin: string | null;
  placeOfSupply: string;
  taxablePaise: number;
  cgstPaise: number;
  sgstPaise: number;
  igstPaise: number;
  totalPaise: number;
}

/** Paise as rupees, a credit note's negative as the accountant's CSV shows it. */
const money = (row: InvoiceListRow, paise: number) => formatRupees(((row.kind === 'credit_note' ? -1 : 1) * paise) / 100);

/** The Invoices table: what the accountant's CSV holds, and each document's PDF. */
export function invoiceColumns(): DataTableColumn<InvoiceListRow>[] {
  return [
    {
      key: 'number',
      header: 'Number',
      render: (row) => (
        <>
          <Code>{row.number}</Code>
          {row.kind === 'credit_note' ? (
            <Muted>
              <StatusBadge tone="yellow" label="Credit note" /> against <Code>{row.againstInvoice ?? '–'}</Code>
            </Muted>
          ) : (
            <Muted>Tax invoice</Muted>
          )}
        </>
      ),
    },
    // The document's date (India), as the invoice prints it.
    { key: 'date', header: 'Date', render: (row) => <NoWrap>{formatShortDate(row.issuedAt)}</NoWrap> },
    {
      key: 'buyer',
      header: 'Buyer',
      render: (row) => (
        <>
          {row.buyerName}
          <Muted title={row.buyerEmail} $clip>
            {row.buyerEmail}
          </Muted>
        </>
      ),
    },
    // The order's id is searchable and in the CSV; shown when chosen (it is long).
    { key: 'order', header: 'Order', optional: 'hidden', render: (row) => <Code>{row.orderId}</Code> },
    { key: 'gstin', header: 'Buyer GSTIN', render: (row) => (row.buyerGstin ? <Code>{row.buyerGstin}</Code> : <Muted>–</Muted>) },
    {
      key: 'place',
      header: 'Place of supply',
      optional: 'hidden',
      render: (row) => `${row.placeOfSupply} ${stateName(row.placeOfSupply)}`,
    },
    { key: 'taxable', header: 'Taxable value', align: 'right', render: (row) => money(row, row.taxablePaise) },
    {
      key: 'tax',
      header: 'GST',
      align: 'right',
      render: (row) =>
        row.igstPaise > 0 ? (
          <NoWrap>IGST {money(row, row.igstPaise)}</NoWrap>
        ) : row.cgstPaise + row.sgstPaise > 0 ? (
          <>
            <NoWrap>CGST {money(row, row.cgstPaise)}</NoWrap>
            <Muted>
              <NoWrap>
                {localTaxLabel(row.placeOfSupply)} {money(row, row.sgstPaise)}
              </NoWrap>
            </Muted>
          </>
        ) : (
          <Muted>Nil (exempt)</Muted>
        ),
    },
    {
      key: 'total',
      header: 'Total',
      align: 'right',
      render: (row) => (
        <NoWrap>
          <strong>{money(row, row.totalPaise)}</strong>
        </NoWrap>
      ),
    },
    {
      key: 'pdf',
      header: 'PDF',
      sticky: 'end',
      render: (row) => (
        <Button
          as="a"
          href={invoicePdfHref(row.id)}
          download
          size="sm"
          variant="outline"
          leftIcon={<DownloadIcon size={16} />}
          aria-label={`Download PDF of ${row.number}`}
        >
          PDF
        </Button>
      ),
    },
  ];
}

const Code = styled.code`
  font-size: ${({ theme }) => theme.fontSizes.sm};
`;

const Muted = styled.span<{ $clip?: boolean }>`
  display: block;
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: ${({ theme }) => theme.fontSizes.sm};
  /* A long e-mail is cut with an ellipsis (its title shows it whole), as the registrations list does:
     a zero width with a full min-width lets the table narrow the column instead of scrolling. */
  ${({ $clip }) => ($clip ? 'width: 0; min-width: 100%; white-space: nowrap; overflow: hidden; text-overflow: ellipsis;' : '')}
`;

const NoWrap = styled.span`
  white-space: nowrap;
`;
