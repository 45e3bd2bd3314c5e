import { useMemo } from 'react';
import styled from 'styled-components';
import type { Registration } from '@tdk/api/contract';
// Everything with state (config, toasts, the dialog's lazy panel) from the shared main entry.
import { Button, Dialog, DownloadIcon, MailIcon, MessageIcon, ShareIcon, useConfig, useToast } from '@tdk/shared-ui';
import { EventTicket } from './event-ticket';
import { useTicketActions } from './ticket-actions';
import { EMAIL_NOT_CONFIGURED, ticketSummary, ticketWhatsAppLink } from './ticket-text';

export interface TicketDialogProps {
  /** The ticket to show; null closes the dialog. */
  registration: Registration | null;
  onClose: () => void;
  /** The parent's e-mail action; without one, Email says it is not configured. */
  onEmail?: (registration: Registration) => void;
  /** After a PDF was saved (the console sets ticketDownloaded). */
  onDownloaded?: (registration: Registration) => void;
  /** After WhatsApp was opened (the console sets whatsappSent). */
  onWhatsApp?: (registration: Registration) => void;
}

/** The 'Event Ticket' dialog of SPEC.md section 2: Download PDF, Share, Email, WhatsApp, close. */
export function TicketDialog({ registration, onClose, onEmail, onDownloaded, onWhatsApp }: TicketDialogProps) {
  const config = useConfig();
  const { toast } = useToast();
  const tickets = useMemo(() => (registration ? [registration] : []), [registration]);
  // The console's PDF is this attendee's page alone: ticket-{their ticket number}.pdf.
  const { download, downloading, share } = useTicketActions(tickets, config.platformName);

  const email = () => {
    if (!registration) return;
    if (!onEmail) {
      console.error('[ticket] no e-mail handler was given to the ticket dialog');
      toast({ title: 'Error', description: EMAIL_NOT_CONFIGURED, variant: 'destructive' });
      return;
    }
    onEmail(registration);
  };

  const whatsApp = () => {
    if (!registration) return;
    const link = ticketWhatsAppLink(registration.participantInfo.phone ?? '', ticketSummary(registration, config.platformName));
    window.open(link, '_blank', 'noopener,noreferrer');
    onWhatsApp?.(registration);
  };

  return (
    <Dialog
      open={registration !== null}
      onClose={onClose}
      title="Event Ticket"
      description={registration ? `Registration ${registration.registrationNumber}` : undefined}
      size="xl"
      headerActions={
        <Actions>
          <Button
            size="sm"
            leftIcon={<DownloadIcon size={16} />}
            loading={downloading}
            onClick={async () => {
              if (registration && (await download())) onDownloaded?.(registration);
            }}
          >
            Download PDF
          </Button>
          <Button size="sm" variant="outline" leftIcon={<ShareIcon size={16} />} onClick={() => void share()}>
            Share
          </Button>
          <Button size="sm" variant="outline" leftIcon={<MailIcon size={16} />} onClick={email}>
            Email
          </Button>
          {/* WhatsApp needs the attendee's phone, which gate staff do not receive (decision 047). */}
          {registration?.participantInfo.phone !== undefined && (
            <Button size="sm" variant="outline" leftIcon={<MessageIcon size={16} />} onClick={whatsApp}>
              WhatsApp
            </Button>
          )}
        </Actions>
      }
    >
      {registration && (
        <EventTicket registration={registration} platformName={config.platformName} supportEmail={config.supportEmail} />
      )}
    </Dialog>
  );
}

const Actions = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space.xs};
`;
