// Debian's Chromium and its flags, as tooling/chromium.mjs gives them to `npm test` and the benchmarks.
export { CHROMIUM, CHROMIUM_FLAGS } from '../../tooling/chromium.mjs';
