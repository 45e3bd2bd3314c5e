#!/usr/bin/env node
// Gate check-in at 20,000 tickets (issue 11): the list a device downloads to work offline, and one
// lookup on the device, run by check-in-list.ts through the API's tsx (TICKETS=… to change the size).
import { spawnSync } from 'node:child_process';
import path from 'node:path';

const here = import.meta.dirname;
const api = path.join(here, '..', '..', 'api');
const result = spawnSync(path.join(api, 'node_modules', '.bin', 'tsx'), [path.join(here, 'check-in-list.ts')], {
  cwd: api,
  stdio: 'inherit',
});
process.exit(result.status ?? 1);
