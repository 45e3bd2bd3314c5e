#!/usr/bin/env node
// Renders the home hero's looping video from the hero's own artwork (the SVG drawn in
// storefront/src/features/events/hero.tsx), frame by frame in Chromium, and encodes it with
// ffmpeg as WebM (VP9) and MP4 (H.264). The encoded files are committed: the build never needs
// ffmpeg. Run again after changing the artwork:
//
//   apt-get install -y ffmpeg && node tooling/media/render-hero-video.mjs
//
// Every motion is periodic over LOOP_SECONDS, so the last frame runs into the first without a jump.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';

const require = createRequire(path.join(import.meta.dirname, '../../tests/package.json'));
const { chromium } = require('@playwright/test');

const LOOP_SECONDS = 4;
const FPS = 24;
const WIDTH = 960;
const HEIGHT = 336; // the hero's 1200 × 420 artwork, scaled
const OUT_DIR = path.join(import.meta.dirname, '../../storefront/src/features/events/media');
const MAX_BYTES = 400 * 1024;

// The hero's artwork, with the parts that move given ids. Colours as in hero.tsx.
const PAGE = `<!doctype html><html><body style="margin:0;background:#0F172A">
<svg id="art" xmlns="http://www.w3.org/2000/svg" width="${WIDTH}" height="${HEIGHT}" viewBox="0 0 1200 420" preserveAspectRatio="xMidYMid slice">
  <defs>
    <linearGradient id="sky" x1="0" y1="0" x2="1" y2="1">
      <stop offset="0" stop-color="#0F172A"/><stop offset="0.6" stop-color="#1E293B"/><stop offset="1" stop-color="#7C2D12"/>
    </linearGradient>
    <radialGradient id="glow" cx="0.82" cy="0.2" r="0.6">
      <stop offset="0" stop-color="#FF6B35" stop-opacity="0.75"/><stop offset="1" stop-color="#FF6B35" stop-opacity="0"/>
    </radialGradient>
    <linearGradient id="beam" x1="0" y1="0" x2="0" y2="1">
      <stop offset="0" stop-color="#FFFFFF" stop-opacity="0.16"/><stop offset="1" stop-color="#FFFFFF" stop-opacity="0"/>
    </linearGradient>
  </defs>
  <rect width="1200" height="420" fill="url(#sky)"/>
  <rect id="glowRect" width="1200" height="420" fill="url(#glow)"/>
  <path id="beamL" d="M700 -20 L640 440 L780 440 Z" fill="url(#beam)"/>
  <path id="beamR" d="M1100 -20 L1000 440 L1140 440 Z" fill="url(#beam)"/>
  <g id="rings" fill="none" stroke="#FFFFFF" stroke-width="6"></g>
  <g id="stars" fill="#FFFFFF"></g>
  <ellipse id="shadow" cx="1010" cy="300" rx="40" ry="8" fill="#000000" fill-opacity="0.25"/>
  <g id="ball">
    <circle cx="0" cy="0" r="46" fill="#FFFFFF" fill-opacity="0.16"/>
    <path id="seams" d="M-38 -16c24 10 52 10 76 0M-38 16c24-10 52-10 76 0" stroke="#0F172A" stroke-opacity="0.35" stroke-width="5" fill="none"/>
  </g>
</svg>
<script>
  const NS = 'http://www.w3.org/2000/svg';
  const rings = document.getElementById('rings');
  const RING_COUNT = 5;
  const ringEls = Array.from({ length: RING_COUNT }, () => rings.appendChild(document.createElementNS(NS, 'ellipse')));
  const STARS = [[180,70,3],[260,140,2],[420,60,2.5],[640,110,2],[330,40,1.8],[540,170,2.2],[90,160,2]];
  const starEls = STARS.map(([x, y, r]) => {
    const c = rings.ownerDocument.createElementNS(NS, 'circle');
    c.setAttribute('cx', x); c.setAttribute('cy', y); c.setAttribute('r', r);
    return document.getElementById('stars').appendChild(c);
  });
  // t in [0, 1): one loop.
  window.draw = (t) => {
    const TAU = Math.PI * 2;
    // Rings ripple outwards from the pitch, one ring's spacing per loop.
    ringEls.forEach((el, i) => {
      const k = (i + t) / RING_COUNT;
      el.setAttribute('cx', 880); el.setAttribute('cy', 470);
      el.setAttribute('rx', 200 + 400 * k); el.setAttribute('ry', 40 + 190 * k);
      el.setAttribute('stroke-opacity', (0.2 * Math.sin(Math.PI * k)).toFixed(3));
    });
    // The ball bounces twice per loop and turns once.
    const bounce = Math.abs(Math.sin(TAU * t));
    const y = 290 - 170 * bounce;
    document.getElementById('ball').setAttribute('transform', 'translate(1010 ' + y.toFixed(2) + ') rotate(' + (360 * t).toFixed(2) + ')');
    const shadow = document.getElementById('shadow');
    shadow.setAttribute('rx', (46 - 22 * bounce).toFixed(2));
    shadow.setAttribute('fill-opacity', (0.28 - 0.18 * bounce).toFixed(3));
    // The glow breathes; the floodlight beams sway.
    document.getElementById('glowRect').setAttribute('opacity', (0.85 + 0.15 * Math.cos(TAU * t)).toFixed(3));
    document.getElementById('beamL').setAttribute('transform', 'rotate(' + (6 * Math.sin(TAU * t)).toFixed(2) + ' 700 -20)');
    document.getElementById('beamR').setAttribute('transform', 'rotate(' + (-6 * Math.sin(TAU * t + 1)).toFixed(2) + ' 1100 -20)');
    starEls.forEach((el, i) => el.setAttribute('fill-opacity', (0.1 + 0.12 * (1 + Math.sin(TAU * (t + i / STARS.length)))).toFixed(3)));
  };
  window.draw(0);
</script></body></html>`;

const frames = mkdtempSync(path.join(tmpdir(), 'hero-frames-'));
const browser = await chromium.launch({
  executablePath: '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--no-first-run'],
});
try {
  const page = await browser.newPage({ viewport: { width: WIDTH, height: HEIGHT } });
  await page.setContent(PAGE);
  const total = LOOP_SECONDS * FPS;
  for (let frame = 0; frame < total; frame += 1) {
    // A quarter loop in, the ball is at the top, where the hero's still artwork draws it: the
    // video's first frame takes over from the poster without a jump.
    await page.evaluate((t) => window.draw(t), (frame / total + 0.25) % 1);
    await page.locator('#art').screenshot({ path: path.join(frames, `f${String(frame).padStart(4, '0')}.png`) });
  }
} finally {
  await browser.close();
}

const input = ['-y', '-loglevel', 'error', '-framerate', String(FPS), '-i', path.join(frames, 'f%04d.png')];
const webm = path.join(OUT_DIR, 'hero-loop.webm');
const mp4 = path.join(OUT_DIR, 'hero-loop.mp4');
// No audio track at all (-an): the video is muted by nature, not only by attribute.
execFileSync('ffmpeg', [
  ...input,
  '-an',
  '-c:v',
  'libvpx-vp9',
  '-b:v',
  '0',
  '-crf',
  '42',
  '-row-mt',
  '1',
  '-pix_fmt',
  'yuv420p',
  webm,
]);
execFileSync('ffmpeg', [
  ...input,
  '-an',
  '-c:v',
  'libx264',
  '-preset',
  'slow',
  '-crf',
  '30',
  '-pix_fmt',
  'yuv420p',
  '-movflags',
  '+faststart',
  mp4,
]);
rmSync(frames, { recursive: true, force: true });

for (const file of [webm, mp4]) {
  const bytes = statSync(file).size;
  console.log(`${path.relative(process.cwd(), file)}: ${(bytes / 1024).toFixed(1)} KB`);
  if (bytes > MAX_BYTES) throw new Error(`${file} is over the 400 KB budget`);
}
