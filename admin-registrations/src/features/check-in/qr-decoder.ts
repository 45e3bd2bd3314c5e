// Reads a QR code off a video frame: the browser's own BarcodeDetector where it reads QR codes
// (Android, ChromeOS, macOS), jsQR elsewhere (desktop Linux and Windows Chromium, Firefox). This
// module is loaded only when the camera starts, or when the screen is prepared for offline.
import jsQR from 'jsqr';

interface NativeDetector {
  detect(source: CanvasImageSource): Promise<{ rawValue: string }[]>;
}
interface NativeDetectorClass {
  new (options: { formats: string[] }): NativeDetector;
  getSupportedFormats(): Promise<string[]>;
}

export type FrameDecoder = (video: HTMLVideoElement) => Promise<string | null>;

/** jsQR reads about a 640-pixel frame in a few milliseconds; larger frames are scaled down. */
const MAX_SIDE = 640;

function jsQrDecoder(): FrameDecoder {
  const canvas = document.createElement('canvas');
  const context = canvas.getContext('2d', { willReadFrequently: true });
  return async (video) => {
    if (!context || video.videoWidth === 0) return null;
    const scale = Math.min(1, MAX_SIDE / Math.max(video.videoWidth, video.videoHeight));
    canvas.width = Math.round(video.videoWidth * scale);
    canvas.height = Math.round(video.videoHeight * scale);
    context.drawImage(video, 0, 0, canvas.width, canvas.height);
    const frame = context.getImageData(0, 0, canvas.width, canvas.height);
    return jsQR(frame.data, frame.width, frame.height, { inversionAttempts: 'attemptBoth' })?.data ?? null;
  };
}

async function nativeDecoder(): Promise<FrameDecoder | null> {
  const Native = (globalThis as { BarcodeDetector?: NativeDetectorClass }).BarcodeDetector;
  if (!Native) return null;
  try {
    if (!(await Native.getSupportedFormats()).includes('qr_code')) return null;
    const detector = new Native({ formats: ['qr_code'] });
    return async (video) => (video.videoWidth === 0 ? null : ((await detector.detect(video))[0]?.rawValue ?? null));
  } catch {
    return null;
  }
}

export async function createDecoder(): Promise<FrameDecoder> {
  return (await nativeDecoder()) ?? jsQrDecoder();
}

/** Nothing to do: importing this module is what fetches (and, offline-prepared, keeps) it. */
export const preloadDecoder = () => true;
