// @tdk/shared-ui/ticket: the event ticket (QR code, PDF, share), a federated entry of its own so
// that react-qr-code loads only with a page that shows a ticket, and jsPDF only when Download is
// pressed (docs/decisions/010). The PDF is drawn with jsPDF itself, one page per attendee (issue 23).
export { AttendeeTicketCard } from './attendee-ticket-card';
export type { AttendeeTicketCardProps } from './attendee-ticket-card';
export { CodeQr } from './code-qr';
export { EventTicket } from './event-ticket';
export type { EventTicketProps } from './event-ticket';
export { ticketFieldStyles } from './ticket-styles';
export { TicketDialog } from './ticket-dialog';
export type { TicketDialogProps } from './ticket-dialog';
export { ticketsNumber, useTicketActions } from './ticket-actions';
export type { TicketActionsOptions } from './ticket-actions';
export { buildTicketPdf, downloadTicketPdf, ticketPdfFileName } from './ticket-pdf';
export type { DownloadTicketPdfOptions, TicketPdfFormat, TicketPdfOptions } from './ticket-pdf';
export {
  adminWhatsAppLink,
  attendeeName,
  EMAIL_NOT_CONFIGURED,
  hasMedicalNote,
  participantName,
  participantOf,
  pricePaid,
  ticketMailto,
  ticketPdfPages,
  ticketSummary,
  ticketsSummary,
  ticketWhatsAppLink,
} from './ticket-text';
export type { TicketPdfField, TicketPdfPage } from './ticket-text';
