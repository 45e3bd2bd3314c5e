import { useCallback, useState } from 'react';
import type { Registration } from '@tdk/api/contract';
// From the package's main entry, the shared singleton: this entry is a module of its own, and a
// relative import would give it a second toast context that no provider fills.
import { DEVANAGARI_PDF_FONT_FILE, usesDevanagari } from '@tdk/api/contract';
import { useCommonT, useFormats, useLanguage, useToast } from '@tdk/shared-ui';
import { downloadTicketPdf } from './ticket-pdf';
import { ticketSummary } from './ticket-text';

/** Download PDF and Share, as the ticket dialog and the attendee's page offer them. */
export function useTicketActions(registration: Registration | null, platformName: string) {
  const { toast } = useToast();
  const t = useCommonT();
  const formats = useFormats();
  const { language } = useLanguage();
  const [downloading, setDownloading] = useState(false);

  /** Draws `element` into the PDF; true when it was saved. */
  const download = useCallback(
    async (element: HTMLElement | null): Promise<boolean> => {
      if (!registration || !element) return false;
      setDownloading(true);
      try {
        // A ticket in Hindi or Marathi carries its words as text in the embedded Devanagari face.
        const text = usesDevanagari(language)
          ? {
              lines: element.innerText
                .split('\n')
                .map((line) => line.trim())
                .filter(Boolean),
              fontUrl: DEVANAGARI_PDF_FONT_FILE,
            }
          : undefined;
        await downloadTicketPdf(
          element,
          registration.registrationNumber,
          t('ticket.pdfTitle', { number: registration.registrationNumber }),
          text,
        );
        return true;
      } catch (error) {
        console.error('[ticket] PDF failed', error);
        toast({ title: t('error.title'), description: t('ticket.pdfFailed'), variant: 'destructive' });
        return false;
      } finally {
        setDownloading(false);
      }
    },
    [registration, toast, t, language],
  );

  const share = useCallback(async () => {
    if (!registration) return;
    const text = ticketSummary(registration, platformName, t, formats);
    const title = t('ticket.shareTitle', { eventName: registration.eventName, number: registration.registrationNumber });
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
  }, [platformName, registration, toast, t, formats]);

  return { download, downloading, share };
}
