import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { callApi, queryKeys, useApiClient } from '@tdk/shared-ui';
import { invoiceQuery, type InvoiceFilters } from './filters';

/** The most rows GET /api/admin/invoices gives back (services/invoices.ts `listInvoices`); the CSV has them all. */
export const INVOICE_LIST_LIMIT = 500;

/** GET /api/admin/invoices: invoices and credit notes, newest first, filtered on the server. */
export function useInvoices(filters: InvoiceFilters) {
  const client = useApiClient();
  const query = invoiceQuery(filters);
  return useQuery({
    queryKey: queryKeys.admin.invoices.list(query),
    queryFn: ({ signal }) => callApi(client.api.admin.invoices.$get({ query }, { init: { signal } })),
    placeholderData: keepPreviousData,
  });
}
