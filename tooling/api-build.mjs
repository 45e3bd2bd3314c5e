#!/usr/bin/env node
// The API's build (decision 041): one ES module, api/dist/server.js, bundled by esbuild from
// api/src/server.ts, that plain node serves. Its packages stay in node_modules (not bundled), and
// it sits one folder below api/ as src/server.ts does, so the paths the code finds from its own
// file (the repo root, api/package.json) are the same either way. `npm start`, the benches and the
// several-instances setups serve it; the CLI commands and the tests still run the TypeScript.
//
// `node tooling/api-build.mjs` builds it (the API's `build` script); ensureApiBuild() builds it only
// when a file it is built from is newer than the build.
import { createRequire } from 'node:module';
import { readdirSync, renameSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const apiDir = path.join(root, 'api');
/** What `node` runs to serve the API. */
export const API_ENTRY = path.join(apiDir, 'dist', 'server.js');

/** The newest modification time among the files the build is made of (sources, package.json, lockfile). */
function newestSource() {
  let newest = 0;
  const walk = (dir) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (!/\.test\.tsx?$/.test(entry.name)) newest = Math.max(newest, statSync(full).mtimeMs);
    }
  };
  walk(path.join(apiDir, 'src'));
  for (const file of [path.join(apiDir, 'package.json'), path.join(root, 'pnpm-lock.yaml')]) {
    newest = Math.max(newest, statSync(file).mtimeMs);
  }
  return newest;
}

/** Builds api/dist/server.js (written beside and renamed, so a process starting meanwhile never reads half of it). */
export async function buildApi() {
  const esbuild = createRequire(path.join(apiDir, 'package.json'))('esbuild');
  const temporary = `${API_ENTRY}.${process.pid}.tmp`;
  await esbuild.build({
    entryPoints: [path.join(apiDir, 'src', 'server.ts')],
    outfile: temporary,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    // The packages are the installed ones, loaded by node as they are under tsx.
    packages: 'external',
    sourcemap: 'linked',
    logLevel: 'warning',
  });
  renameSync(`${temporary}.map`, `${API_ENTRY}.map`);
  renameSync(temporary, API_ENTRY);
}

/** Builds the API when it has no build or a source is newer than it; answers the file to run. */
export async function ensureApiBuild() {
  let built = 0;
  try {
    built = statSync(API_ENTRY).mtimeMs;
  } catch {
    // not built yet
  }
  if (built < newestSource()) await buildApi();
  return API_ENTRY;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  try {
    await buildApi();
  } catch (error) {
    console.error(`The API's build failed: ${error.message}`);
    process.exit(1);
  }
}
