// The ticket PDF of SPEC.md section 7. html2canvas and jsPDF (about 200 KB together) are fetched
// when Download is pressed, never with a page.

/** A4 landscape, in millimetres. */
const PAGE = { width: 297, height: 210 } as const;

/**
 * Draws `element` at scale 2 (cross-origin images allowed) and saves it as
 * `ticket-{registrationNumber}.pdf`: landscape A4, the image sized to the page's width with its
 * aspect kept, more pages when it is taller than one.
 */
export async function downloadTicketPdf(
  element: HTMLElement,
  registrationNumber: string,
  title = `Ticket ${registrationNumber}`,
): Promise<void> {
  const [{ default: html2canvas }, { jsPDF }] = await Promise.all([import('html2canvas'), import('jspdf')]);
  const canvas = await html2canvas(element, { scale: 2, useCORS: true, backgroundColor: '#ffffff', logging: false });
  const image = canvas.toDataURL('image/png');
  const pdf = new jsPDF({ orientation: 'landscape', unit: 'mm', format: 'a4' });
  pdf.setProperties({ title, subject: registrationNumber });
  const imageHeight = (canvas.height * PAGE.width) / canvas.width;
  let remaining = imageHeight;
  let offset = 0;
  pdf.addImage(image, 'PNG', 0, offset, PAGE.width, imageHeight);
  remaining -= PAGE.height;
  while (remaining > 0) {
    offset -= PAGE.height;
    pdf.addPage();
    pdf.addImage(image, 'PNG', 0, offset, PAGE.width, imageHeight);
    remaining -= PAGE.height;
  }
  // The number as real text too (white on white under the image), so the PDF can be searched.
  pdf.setTextColor(255, 255, 255);
  pdf.setFontSize(1);
  pdf.text(registrationNumber, 1, 1);
  pdf.save(`ticket-${registrationNumber}.pdf`);
}
