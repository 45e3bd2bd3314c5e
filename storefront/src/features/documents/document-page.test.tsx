import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { useLocation } from 'react-router-dom';
import { errorResponse, renderWithPlatform, type StubRoutes } from '@tdk/shared-ui/testing';
import { DocumentPage } from './document-page';
import type { DocumentKind } from './queries';

const TOKEN = 'Abc-def_0123456789ABCDEFGHIJKLMN';

/** The address bar, as the page left it. */
function Address() {
  const { pathname, search, hash } = useLocation();
  return <output data-testid="address">{`${pathname}${search}${hash}`}</output>;
}

const pdf = (name: string) =>
  new Response(new Blob(['%PDF-1.4 test'], { type: 'application/pdf' }), {
    headers: { 'Content-Type': 'application/pdf', 'Content-Disposition': `attachment; filename="${name}"` },
  });

// What the page handed to the browser: the links it clicked (jsdom follows no download).
const clicked: { href: string; download: string }[] = [];
beforeEach(() => {
  vi.spyOn(URL, 'createObjectURL').mockImplementation(() => `blob:test/${clicked.length + 1}`);
  vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => undefined);
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    clicked.push({ href: this.getAttribute('href') ?? '', download: this.download });
  });
});
afterEach(() => {
  clicked.length = 0;
  vi.restoreAllMocks();
});

const open = (kind: DocumentKind, path: string, route: string, api: StubRoutes) =>
  renderWithPlatform(
    <>
      <DocumentPage kind={kind} />
      <Address />
    </>,
    { path, route, api },
  );

describe('the document page of a mailed invoice or receipt link', () => {
  it('takes the token from the fragment, drops it from the address bar, fetches the PDF with it in a header and downloads it', async () => {
    const { api } = open('invoice', '/invoice/:id', `/invoice/41?lang=hi#t=${TOKEN}`, {
      'GET /api/invoices/:id/pdf': () => pdf('INV-2627-000041.pdf'),
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'Your invoice is downloading' })).toBeTruthy();
    // The address keeps its language and loses the token at once.
    expect(screen.getByTestId('address').textContent).toBe('/invoice/41?lang=hi');
    const [request, ...others] = api.calls('GET /api/invoices/:id/pdf');
    expect(others).toEqual([]);
    expect(request!.params).toEqual({ id: '41' });
    expect(request!.headers.get('X-Document-Token')).toBe(TOKEN);
    expect(request!.query.toString()).toBe('');
    expect(clicked).toEqual([{ href: 'blob:test/1', download: 'INV-2627-000041.pdf' }]);

    // The button hands the same file over again, without asking the API again.
    fireEvent.click(screen.getByRole('button', { name: 'Download invoice' }));
    expect(clicked.map((link) => link.download)).toEqual(['INV-2627-000041.pdf', 'INV-2627-000041.pdf']);
    expect(api.calls('GET /api/invoices/:id/pdf')).toHaveLength(1);
    expect(document.body.innerHTML).not.toContain(TOKEN);
  });

  it('fetches a receipt by its booking reference, and a credit note as an invoice, each under its own words', async () => {
    const receipt = open('receipt', '/receipt/:bookingReference', `/receipt/REGMI3X9ABCD#t=${TOKEN}`, {
      'GET /api/receipts/:bookingReference/pdf': () => pdf('receipt-REGMI3X9ABCD.pdf'),
    });
    expect(await screen.findByRole('button', { name: 'Download receipt' })).toBeTruthy();
    expect(receipt.api.calls('GET /api/receipts/:bookingReference/pdf')[0]!.headers.get('X-Document-Token')).toBe(TOKEN);
    expect(clicked.map((link) => link.download)).toEqual(['receipt-REGMI3X9ABCD.pdf']);
    receipt.unmount();

    const note = open('creditNote', '/credit-note/:id', `/credit-note/52#t=${TOKEN}`, {
      'GET /api/invoices/:id/pdf': () => pdf('CRN-2627-000001.pdf'),
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'Your credit note is downloading' })).toBeTruthy();
    expect(note.api.calls('GET /api/invoices/:id/pdf')[0]!.params).toEqual({ id: '52' });
    expect(screen.getByRole('button', { name: 'Download credit note' })).toBeTruthy();
  });

  it.each([
    [404, 'not_found', 'This invoice link is not valid'],
    [403, 'forbidden', 'Forbidden'],
  ])('says a link the API refuses (%i) is not valid, and downloads nothing', async (status, code, message) => {
    const { api } = open('invoice', '/invoice/:id', `/invoice/41#t=${TOKEN}`, {
      'GET /api/invoices/:id/pdf': () => errorResponse(status, code, message),
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'This invoice link is not valid' })).toBeTruthy();
    expect(screen.getByRole('alert').textContent).toBe(
      'The link may be incomplete or changed. Open it again from your e-mail, or find your documents in My bookings.',
    );
    expect(screen.getByRole('link', { name: 'My bookings' }).getAttribute('href')).toBe('/bookings');
    expect(screen.getByTestId('address').textContent).toBe('/invoice/41');
    expect(api.calls('GET /api/invoices/:id/pdf')).toHaveLength(1);
    expect(clicked).toEqual([]);
  });

  it('asks nothing for a link without its token', async () => {
    const { api } = open('receipt', '/receipt/:bookingReference', '/receipt/REGMI3X9ABCD', {});
    expect(await screen.findByRole('heading', { level: 1, name: 'This receipt link is not valid' })).toBeTruthy();
    expect(api.requests).toEqual([]);
  });

  it('offers to try again after a failure that is not the link’s, and downloads once it works', async () => {
    let fail = true;
    const { api } = open('invoice', '/invoice/:id', `/invoice/41#t=${TOKEN}`, {
      'GET /api/invoices/:id/pdf': () =>
        fail ? errorResponse(503, 'unavailable', 'Try again later') : pdf('INV-2627-000041.pdf'),
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'Your invoice could not be downloaded' })).toBeTruthy();
    expect(screen.getByRole('alert').textContent).toBe('Please try again in a moment.');
    fail = false;
    fireEvent.click(screen.getByRole('button', { name: 'Try Again' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Your invoice is downloading' })).toBeTruthy();
    await waitFor(() => expect(clicked.map((link) => link.download)).toEqual(['INV-2627-000041.pdf']));
    expect(api.calls('GET /api/invoices/:id/pdf').map((request) => request.headers.get('X-Document-Token'))).toEqual([
      TOKEN,
      TOKEN,
    ]);
  });
});
