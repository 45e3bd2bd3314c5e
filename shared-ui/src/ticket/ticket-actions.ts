import { useCallback, useState } from 'react';
import { useTheme } from 'styled-components';
import type { Registration } from '@tdk/api/contract';
// From the package's main entry, the shared singleton: this entry is a module of its own, and a
// relative import would give it a second toast context that no provider fills.
import { DEVANAGARI_PDF_FONT_FILE } from '@tdk/api/contract';
import { useCommonT, useFormats, useToast } from '@tdk/shared-ui';
import { downloadTicketPdf, type TicketPdfFormat } from './ticket-pdf';
import { ticketPdfPages, ticketsSummary } from './ticket-text';

export interface TicketActionsOptions {
  /**
   * The number the tickets were opened by, naming the PDF (`ticket-{number}.pdf`) and the share:
   * an order's booking reference or one attendee's ticket number. By default the ticket number of
   * a single ticket, else the booking reference.
   */
  fileNumber?: string;
  /** The PDF's paper: A6 portrait unless told. */
  format?: TicketPdfFormat;
}

/** The number a set of tickets is known by: one attendee's ticket number, or their order's booking reference. */
export const ticketsNumber = (tickets: readonly Registration[]) =>
  tickets.length === 1 ? tickets[0]!.registrationNumber : (tickets[0]?.bookingReference ?? '');

/**
 * Download PDF and Share, as the ticket dialog and the attendee's page offer them, for the tickets
 * shown: the PDF has one page per attendee, in the page's language.
 */
export function useTicketActions(tickets: readonly Registration[], platformName: string, options: TicketActionsOptions = {}) {
  const { toast } = useToast();
  const t = useCommonT();
  const formats = useFormats();
  const theme = useTheme();
  const [downloading, setDownloading] = useState(false);
  const number = options.fileNumber ?? ticketsNumber(tickets);
  const { format } = options;
  const accent = theme?.colors?.primaryText;

  /** Draws and saves the PDF; true when it was saved. */
  const download = useCallback(async (): Promise<boolean> => {
    if (tickets.length === 0) return false;
    setDownloading(true);
    try {
      await downloadTicketPdf(ticketPdfPages(tickets, platformName, t, formats), {
        fileNumber: number,
        format,
        title: t('ticket.pdfTitle', { number }),
        subject: number,
        accent,
        // Fetched only when a page has Devanagari (decision 019).
        fontUrl: DEVANAGARI_PDF_FONT_FILE,
      });
      return true;
    } catch (error) {
      console.error('[ticket] PDF failed', error);
      toast({ title: t('error.title'), description: t('ticket.pdfFailed'), variant: 'destructive' });
      return false;
    } finally {
      setDownloading(false);
    }
  }, [tickets, platformName, t, formats, number, format, accent, toast]);

  const share = useCallback(async () => {
    const first = tickets[0];
    if (!first) return;
    const text = ticketsSummary(tickets, platformName, t, formats);
    const title = t('ticket.shareTitle', { eventName: first.eventName, number });
    if (typeof navigator.share === 'function') {
      try {
        await navigator.share({ title, text, url: window.location.href });
        return;
      } catch (error) {
        // Closing the share sheet is a choice, not a failure.
        if ((error as { name?: string }).name === 'AbortError') return;
      }
    }
    try {
      await navigator.clipboard.writeText(text);
      toast({ title: t('ticket.copiedTitle'), description: t('ticket.copied'), variant: 'success' });
    } catch {
      toast({ title: t('error.title'), description: t('ticket.shareFailed'), variant: 'destructive' });
    }
  }, [tickets, platformName, toast, t, formats, number]);

  return { download, downloading, share };
}
