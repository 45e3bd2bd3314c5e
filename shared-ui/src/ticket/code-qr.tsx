import QRCode from 'react-qr-code';
import { TICKET_QR_LEVEL } from './qr-matrix';

/**
 * A signed code (a ticket's, a kit authorisation's) as the QR a gate's camera reads: the same
 * encoder and error-correction level as every ticket QR, on a white square with its quiet zone.
 */
export function CodeQr({ value, title, size = 200 }: { value: string; title: string; size?: number }) {
  return (
    <div style={{ background: '#fff', padding: 16, width: 'fit-content', borderRadius: 8 }}>
      <QRCode value={value} size={size} level={TICKET_QR_LEVEL} title={title} />
    </div>
  );
}
