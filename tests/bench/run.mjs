#!/usr/bin/env node
// `npm run bench`: every benchmark of DESIGN.md section 7 in turn. Figures, not pass/fail.
import { spawnSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import path from 'node:path';

const here = import.meta.dirname;
const only = process.argv[2];
const benches = readdirSync(here).filter(
  (f) => f.endsWith('.mjs') && !['run.mjs', 'support.mjs', 'hello-server.mjs'].includes(f),
);
for (const bench of benches.filter((b) => !only || b.includes(only))) {
  console.log(`\n## ${bench}`);
  spawnSync(process.execPath, [path.join(here, bench)], { stdio: 'inherit' });
}
