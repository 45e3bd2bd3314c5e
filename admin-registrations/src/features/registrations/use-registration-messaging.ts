import { useCallback, useState } from 'react';
import type { Registration } from '@tdk/api/contract';
import { getErrorMessage, useConfig, useToast } from '@tdk/shared-ui';
import { adminWhatsAppLink, ticketSummary } from '@tdk/shared-ui/ticket';
import { useSendTicketEmail, useSetRegistrationFlags } from './queries';

/**
 * Send Email, Send WhatsApp and the ticket-download flag (issue 27: nothing says "Sent" that was
 * not). E-mail is sent by the platform itself through its outbox and recorded when it is queued.
 * WhatsApp opens a message carrying the ticket's details on the staff member's own WhatsApp; the
 * platform cannot see it leave, so it is recorded only when staff confirm it was sent
 * (`whatsAppToConfirm`, answered with confirmWhatsApp).
 */
export function useRegistrationMessaging() {
  const config = useConfig();
  const { toast } = useToast();
  const setFlags = useSetRegistrationFlags();
  const sendTicketEmail = useSendTicketEmail();
  const [whatsAppToConfirm, setWhatsAppToConfirm] = useState<Registration | null>(null);

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

  /** WhatsApp opened with the message: the staff member sends it there, then says so. */
  const openedWhatsApp = useCallback(
    (registration: Registration) => {
      toast({ title: 'Opened WhatsApp', description: 'Send the message there, then confirm it here.' });
      setWhatsAppToConfirm(registration);
    },
    [toast],
  );

  const sendWhatsApp = useCallback(
    (registration: Registration) => {
      const text = ticketSummary(registration, config.platformName);
      // Offered only to a role that sees contacts (decision 047).
      window.open(adminWhatsAppLink(registration.participantInfo.phone ?? '', text), '_blank', 'noopener,noreferrer');
      openedWhatsApp(registration);
    },
    [config.platformName, openedWhatsApp],
  );

  /** The staff member's answer: sent (recorded) or not (nothing recorded). */
  const confirmWhatsApp = useCallback(
    async (sent: boolean) => {
      const registration = whatsAppToConfirm;
      setWhatsAppToConfirm(null);
      if (!registration || !sent) return;
      if (await flag(registration, { whatsappSent: true }, 'Failed to update WhatsApp status')) {
        toast({
          title: 'WhatsApp recorded',
          description: `Recorded as sent to ${registration.participantInfo.firstName} ${registration.participantInfo.lastName}`,
          variant: 'success',
        });
      }
    },
    [flag, toast, whatsAppToConfirm],
  );

  const sendEmail = useCallback(
    async (registration: Registration) => {
      try {
        await sendTicketEmail.mutateAsync(registration.registrationNumber);
        toast({
          title: 'E-mail queued',
          description: 'The platform is sending the ticket e-mail, with the ticket link, to the booking.',
          variant: 'success',
        });
      } catch (caught) {
        toast({ title: 'E-mail not sent', description: getErrorMessage(caught), variant: 'destructive' });
      }
    },
    [sendTicketEmail, toast],
  );

  /** The ticket dialog opened WhatsApp itself (with the digits-only rule): ask whether it was sent. */
  const markWhatsAppOpened = openedWhatsApp;

  /** The ticket was opened for download (or its PDF saved). */
  const markDownloaded = useCallback(
    async (registration: Registration) => {
      if (await flag(registration, { ticketDownloaded: true }, 'Failed to update ticket download status')) {
        toast({ title: 'Ticket Download', description: 'Ticket template opened for download', variant: 'success' });
      }
    },
    [flag, toast],
  );

  return { sendWhatsApp, sendEmail, markDownloaded, markWhatsAppOpened, whatsAppToConfirm, confirmWhatsApp };
}
