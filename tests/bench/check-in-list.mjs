#!/usr/bin/env node
// Gate check-in at 20,000 tickets (issue 11): the list a device downloads to work offline, and one
// lookup on the device, run by check-in-list.ts (TICKETS=… to change the size).
import { runTypeScriptBench } from './support.mjs';

runTypeScriptBench('check-in-list.ts');
