#!/usr/bin/env node
// The registrations console at 100,000 registrations: list, filters, search, stats and the CSV
// export, straight against the API's services on a temp database (ROWS=… to change the size).
import { spawnSync } from 'node:child_process';
import path from 'node:path';

const here = import.meta.dirname;
const api = path.join(here, '..', '..', 'api');
const result = spawnSync(path.join(api, 'node_modules', '.bin', 'tsx'), [path.join(here, 'registrations-console.ts')], {
  cwd: api,
  stdio: 'inherit',
  env: { ...process.env, NODE_OPTIONS: `${process.env.NODE_OPTIONS ?? ''} --expose-gc`.trim() },
});
process.exit(result.status ?? 1);
