#!/usr/bin/env node
// The admin lists at 10,000 events and 100,000 registrations: a filtered page of each list, the
// registrations' stats and CSV export, and their query plans (EVENTS=… ROWS=… to change the size).
import { runTypeScriptBench } from './support.mjs';

// --expose-gc: the export's live heap is measured after collecting what it has thrown away.
runTypeScriptBench('admin-lists.ts', { nodeOptions: '--expose-gc' });
