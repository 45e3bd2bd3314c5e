import { useCallback } from 'react';
import type { Registration } from '@tdk/api/contract';
import { useConfig, useToast } from '@tdk/shared-ui';
import { adminWhatsAppLink, ticketMailto, ticketSummary } from '@tdk/shared-ui/ticket';
import { useSetRegistrationFlags } from './queries';

/**
 * Send WhatsApp, Send Email and the ticket-download flag of SPEC.md sections 2, 5 and 8: each
 * opens what it opens, then records its flag, with the spec's success and failure toasts.
 */
export function useRegistrationMessaging() {
  const config = useConfig();
  const { toast } = useToast();
  const setFlags = useSetRegistrationFlags();

  const flag = useCallback(
    async (registration: Registration, flags: Parameters<typeof setFlags.mutateAsync>[0]['flags'], failure: string) => {
      try {
        await setFlags.mutateAsync({ id: registration.id, flags });
        return true;
      } catch {
        toast({ title: 'Error', description: failure, variant: 'destructive' });
        return false;
      }
    },
    [setFlags, toast],
  );

  const sendWhatsApp = useCallback(
    async (registration: Registration) => {
      const text = ticketSummary(registration, config.platformName);
      window.open(adminWhatsAppLink(registration.participantInfo.phone, text), '_blank', 'noopener,noreferrer');
      if (await flag(registration, { whatsappSent: true }, 'Failed to update WhatsApp status')) {
        toast({ title: 'WhatsApp Sent', description: 'WhatsApp message opened in new tab', variant: 'success' });
      }
    },
    [config.platformName, flag, toast],
  );

  const sendEmail = useCallback(
    async (registration: Registration) => {
      window.open(ticketMailto(registration, config.platformName), '_self');
      if (await flag(registration, { emailSent: true }, 'Failed to update email status')) {
        toast({ title: 'Email Sent', description: 'Email client opened with pre-filled message', variant: 'success' });
      }
    },
    [config.platformName, flag, toast],
  );

  /** The ticket dialog opened WhatsApp itself (with the digits-only rule): record the flag. */
  const markWhatsAppOpened = useCallback(
    async (registration: Registration) => {
      if (await flag(registration, { whatsappSent: true }, 'Failed to update WhatsApp status')) {
        toast({ title: 'WhatsApp Sent', description: 'WhatsApp message opened in new tab', variant: 'success' });
      }
    },
    [flag, toast],
  );

  /** The ticket was opened for download (or its PDF saved). */
  const markDownloaded = useCallback(
    async (registration: Registration) => {
      if (await flag(registration, { ticketDownloaded: true }, 'Failed to update ticket download status')) {
        toast({ title: 'Ticket Download', description: 'Ticket template opened for download', variant: 'success' });
      }
    },
    [flag, toast],
  );

  return { sendWhatsApp, sendEmail, markDownloaded, markWhatsAppOpened };
}
