#!/usr/bin/env node
// The registrations console at 100,000 registrations: list, filters, search, stats and the CSV
// export, straight against the API's services on a temp database (ROWS=… to change the size).
import { runTypeScriptBench } from './support.mjs';

// --expose-gc: the export's live heap is measured after collecting what it has thrown away.
runTypeScriptBench('registrations-console.ts', { nodeOptions: '--expose-gc' });
