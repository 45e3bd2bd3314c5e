import { writeFileSync } from 'node:fs';
import QRCode from 'qrcode';

/**
 * A Y4M video (what Chromium's fake camera plays, `--use-file-for-fake-video-capture`) of one
 * ticket QR code held still in front of the camera: the code's modules drawn in the luma plane,
 * centred on white with a quiet zone, a few identical frames that Chromium loops.
 */
export function writeQrVideo(file: string, text: string, width = 640, height = 480, frames = 3) {
  const { modules } = QRCode.create(text, { errorCorrectionLevel: 'M' });
  const quiet = 4;
  const scale = Math.floor((Math.min(width, height) * 0.8) / (modules.size + quiet * 2));
  const side = (modules.size + quiet * 2) * scale;
  const left = Math.floor((width - side) / 2);
  const top = Math.floor((height - side) / 2);
  const luma = Buffer.alloc(width * height, 235);
  for (let row = 0; row < modules.size; row += 1) {
    for (let col = 0; col < modules.size; col += 1) {
      if (!modules.get(row, col)) continue;
      for (let y = 0; y < scale; y += 1) {
        const start = (top + (row + quiet) * scale + y) * width + left + (col + quiet) * scale;
        luma.fill(16, start, start + scale);
      }
    }
  }
  const chroma = Buffer.alloc((width / 2) * (height / 2) * 2, 128);
  const frame = Buffer.concat([Buffer.from('FRAME\n'), luma, chroma]);
  const header = Buffer.from(`YUV4MPEG2 W${width} H${height} F10:1 Ip A1:1 C420jpeg\n`);
  writeFileSync(file, Buffer.concat([header, ...Array.from({ length: frames }, () => frame)]));
}
