// Debian's Chromium, which the journeys and the benchmarks drive; installed with apt-get when
// missing (as root; otherwise the error says the command). No browser is downloaded by npm.
import { existsSync } from 'node:fs';
import { spawnSync } from 'node:child_process';

export const CHROMIUM = '/usr/bin/chromium';

/** How the journeys and the benchmarks start it: no network here but loopback, no first-run work. */
export const CHROMIUM_FLAGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

/** Runs a command in the foreground; throws when it fails. */
export function run(command, args) {
  const result = spawnSync(command, args, { stdio: 'inherit' });
  if (result.status !== 0) throw new Error(`${command} ${args.join(' ')} exited with ${result.status}`);
}

export function ensureChromium() {
  if (existsSync(CHROMIUM)) return;
  if (process.getuid?.() !== 0) {
    throw new Error(`${CHROMIUM} is missing: install Debian's chromium package (sudo apt-get install -y chromium)`);
  }
  console.log('Installing Chromium from Debian packages…');
  run('apt-get', ['update', '-qq']);
  run('apt-get', ['install', '-y', '-qq', '--no-install-recommends', 'chromium']);
}

/**
 * A Devanagari face installed on the system, as every phone Lighthouse's mobile profile stands for
 * has one (Android ships Noto Sans Devanagari): a page in Hindi or Marathi paints first in the
 * device's own face and takes the platform's once it arrives (decision 019). Without one, Chromium
 * on a bare Debian draws empty boxes at first, which no phone does. Debian's fonts-noto-core.
 */
export function ensureDevanagariFont() {
  const listed = spawnSync('fc-list', [':lang=hi', 'family'], { encoding: 'utf8' });
  if (listed.status === 0 && listed.stdout.trim()) return;
  if (process.getuid?.() !== 0) {
    throw new Error(
      "No Devanagari font is installed: install Debian's fonts-noto-core (sudo apt-get install -y fonts-noto-core)",
    );
  }
  console.log('Installing a Devanagari system font (fonts-noto-core) from Debian packages…');
  run('apt-get', ['update', '-qq']);
  run('apt-get', ['install', '-y', '-qq', '--no-install-recommends', 'fonts-noto-core']);
}

/**
 * Debian's poppler-utils (pdftoppm, pdftotext): the API's tests read the PDFs it draws as a reader
 * does, a page rasterised and compared with a reference, its text copied (decision 070).
 */
export function ensurePoppler() {
  if (spawnSync('pdftoppm', ['-v'], { encoding: 'utf8' }).status === 0) return;
  if (process.getuid?.() !== 0) {
    throw new Error("pdftoppm is missing: install Debian's poppler-utils (sudo apt-get install -y poppler-utils)");
  }
  console.log('Installing poppler-utils from Debian packages…');
  run('apt-get', ['update', '-qq']);
  run('apt-get', ['install', '-y', '-qq', '--no-install-recommends', 'poppler-utils']);
}
