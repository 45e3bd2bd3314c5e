// @tdk/shared-ui/ticket: the event ticket (QR code, PDF, share), a federated entry of its own so
// that react-qr-code loads only with a page that shows a ticket, and jsPDF and html2canvas only
// when Download is pressed (docs/decisions/010).
export { EventTicket } from './event-ticket';
export type { EventTicketProps } from './event-ticket';
export { TicketDialog } from './ticket-dialog';
export type { TicketDialogProps } from './ticket-dialog';
export { useTicketActions } from './ticket-actions';
export { downloadTicketPdf } from './ticket-pdf';
export {
  adminWhatsAppLink,
  EMAIL_NOT_CONFIGURED,
  hasMedicalNote,
  participantName,
  ticketMailto,
  ticketSummary,
  ticketWhatsAppLink,
} from './ticket-text';
