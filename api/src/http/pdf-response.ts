// A tax document's PDF as a download (decision 031): staff's invoice routes, the buyer's signed
// links and My bookings answer it alike.
export const pdfResponse = (bytes: ArrayBuffer, number: string) =>
  new Response(bytes, {
    headers: {
      'Content-Type': 'application/pdf',
      'Content-Disposition': `attachment; filename="${number.replaceAll('/', '-')}.pdf"`,
      'Cache-Control': 'no-store',
    },
  });
