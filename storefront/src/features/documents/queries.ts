import { useQuery } from '@tanstack/react-query';
import { useApiClient } from '@tdk/shared-ui';
import { fetchFile } from '../shared/save-file';

/** The documents a buyer's e-mail links (decision 048): a tax invoice, a credit note, a payment receipt. */
export type DocumentKind = 'invoice' | 'creditNote' | 'receipt';

/**
 * The header the document page sends its link's token in (decision 048): never a URL that a server
 * or proxy logs. The API's name for it is `DOCUMENT_TOKEN_HEADER` (signing/invoice-links.ts).
 */
export const DOCUMENT_TOKEN_HEADER = 'X-Document-Token';

/**
 * The PDF of a mailed document link: `GET /api/invoices/:id/pdf` (a tax invoice or credit note) or
 * `GET /api/receipts/:bookingReference/pdf`, with the link's token in X-Document-Token. Its bytes
 * and the file name the API gave it; an ApiError for a refused link (404) or a failure.
 */
export function useDocumentFile(kind: DocumentKind, key: string, token: string | undefined) {
  const client = useApiClient();
  return useQuery({
    // The token is part of the key: another link is another answer.
    queryKey: ['public', 'document', kind, key, token ?? ''],
    queryFn: ({ signal }) => {
      const options = { headers: { [DOCUMENT_TOKEN_HEADER]: token ?? '' }, init: { signal } };
      return fetchFile(
        kind === 'receipt'
          ? client.api.receipts[':bookingReference'].pdf.$get({ param: { bookingReference: key }, query: {} }, options)
          : client.api.invoices[':id'].pdf.$get({ param: { id: key }, query: {} }, options),
      );
    },
    // Without a token there is nothing to ask: the page says the link is not valid.
    enabled: Boolean(token),
    retry: false,
    staleTime: Infinity,
  });
}
