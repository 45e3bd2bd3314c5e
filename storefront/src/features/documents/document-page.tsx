import { useEffect, useRef, useState } from 'react';
import { Link, useParams } from '@tdk/shared-ui/router';
import styled from 'styled-components';
import { Button, DownloadIcon, Skeleton, isApiError } from '@tdk/shared-ui';
import { useBookingsT } from '../my-bookings/i18n';
import { useLinkToken } from '../links/use-link-token';
import { saveFile } from '../shared/save-file';
import { useDocumentFile, type DocumentKind } from './queries';

/** The answers that mean the link itself is wrong (a changed, cut or another document's token), not a failure to retry. */
const REFUSED = new Set([400, 403, 404, 410]);

/** Each document's own words (written out, so the catalogue check sees every key used). */
const WORDS: Record<DocumentKind, Record<'preparing' | 'ready' | 'download' | 'invalid' | 'failed', string>> = {
  invoice: {
    preparing: 'documentPage.invoice.preparing',
    ready: 'documentPage.invoice.ready',
    download: 'documentPage.invoice.download',
    invalid: 'documentPage.invoice.invalid',
    failed: 'documentPage.invoice.failed',
  },
  creditNote: {
    preparing: 'documentPage.creditNote.preparing',
    ready: 'documentPage.creditNote.ready',
    download: 'documentPage.creditNote.download',
    invalid: 'documentPage.creditNote.invalid',
    failed: 'documentPage.creditNote.failed',
  },
  receipt: {
    preparing: 'documentPage.receipt.preparing',
    ready: 'documentPage.receipt.ready',
    download: 'documentPage.receipt.download',
    invalid: 'documentPage.receipt.invalid',
    failed: 'documentPage.receipt.failed',
  },
};

/** The file's name when the API gave none. */
const fallbackName = (kind: DocumentKind, key: string) =>
  `${kind === 'receipt' ? 'receipt' : kind === 'creditNote' ? 'credit-note' : 'invoice'}-${key}.pdf`;

/**
 * /invoice/:id#t=token, /credit-note/:id#t=token and /receipt/:bookingReference#t=token, opened from
 * the buyer's e-mail (decision 048): takes the token from the fragment and drops it from the address
 * bar at once (useLinkToken), fetches the PDF with it in the X-Document-Token header, so no server or
 * proxy logs it, and hands it to the browser as a download, with a button to download it again. A
 * wrong or missing token shows only that the link is not valid.
 */
export function DocumentPage({ kind }: { kind: DocumentKind }) {
  const t = useBookingsT();
  const params = useParams();
  const key = (kind === 'receipt' ? params.bookingReference : params.id) ?? '';
  const [token, setToken] = useState<string>();
  const { missing } = useLinkToken(setToken);
  const file = useDocumentFile(kind, key, token);
  const words = (name: keyof (typeof WORDS)[DocumentKind]) => t(WORDS[kind][name]);

  // Handed to the browser once per file fetched (StrictMode's second effect included); the button again.
  const saved = useRef<unknown>(undefined);
  const save = () => file.data && saveFile(file.data.blob, file.data.name ?? fallbackName(kind, key));
  useEffect(() => {
    if (!file.data || saved.current === file.data) return;
    saved.current = file.data;
    saveFile(file.data.blob, file.data.name ?? fallbackName(kind, key));
  }, [file.data, kind, key]);

  const invalid = missing || (isApiError(file.error) && REFUSED.has(file.error.status));
  const heading = invalid ? words('invalid') : file.isError ? words('failed') : file.data ? words('ready') : words('preparing');
  useEffect(() => {
    document.title = heading;
  }, [heading]);

  if (invalid || file.isError) {
    return (
      <Page>
        <h1>{heading}</h1>
        <p role="alert">{invalid ? t('documentPage.invalidHelp') : t('tryAgainSoon')}</p>
        <Actions>
          {invalid ? (
            <Button as={Link} to="/bookings">
              {t('nav.myBookings')}
            </Button>
          ) : (
            <Button loading={file.isFetching} onClick={() => void file.refetch()}>
              {t('pay.tryAgain')}
            </Button>
          )}
          <Link to="/">{t('backHome')}</Link>
        </Actions>
      </Page>
    );
  }
  if (!file.data) {
    return (
      <Page role="status" aria-busy="true" aria-label={heading}>
        <h1>{heading}</h1>
        <Skeleton height={44} width="14rem" />
      </Page>
    );
  }
  return (
    <Page>
      <h1>{heading}</h1>
      <p role="status">{t('documentPage.readyHelp')}</p>
      <Actions>
        <Button leftIcon={<DownloadIcon size={18} />} onClick={save}>
          {words('download')}
        </Button>
        <Link to="/bookings">{t('nav.myBookings')}</Link>
      </Actions>
    </Page>
  );
}

const Page = styled.section`
  display: grid;
  gap: ${({ theme }) => theme.space.lg};
  width: 100%;
  max-width: 720px;
  margin: 0 auto;
  padding: ${({ theme }) => theme.space.xxl} clamp(12px, 4vw, 32px);

  h1 {
    margin: 0;
    font-size: clamp(1.6rem, 4vw, 2.2rem);
  }
  p {
    margin: 0;
    overflow-wrap: anywhere;
  }
`;

const Actions = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: ${({ theme }) => theme.space.lg};
`;
