// One invoice's or credit note's PDF in the console (GET /api/admin/invoices/:id/pdf): linked from
// the invoices list and from a booking's view, so it lives beside neither.
export const invoicePdfHref = (id: number) => `/api/admin/invoices/${id}/pdf`;
