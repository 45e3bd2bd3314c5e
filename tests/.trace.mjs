import { chromium } from '@playwright/test';
const url = process.argv[2];
const b = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox'] });
const ctx = await b.newContext({ viewport: { width: 412, height: 823 } });
const p = await ctx.newPage();
const cdp = await ctx.newCDPSession(p);
await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
const events = [];
cdp.on('Tracing.dataCollected', (d) => events.push(...d.value));
const done = new Promise((r) => cdp.once('Tracing.tracingComplete', r));
await cdp.send('Tracing.start', { categories: 'devtools.timeline,disabled-by-default-devtools.timeline,v8.execute,blink.user_timing', transferMode: 'ReportEvents' });
await p.goto(url); await p.waitForTimeout(4000);
await cdp.send('Tracing.end'); await done;
const tasks = events.filter((e) => e.name === 'RunTask' && e.dur > 40000).sort((a, b) => a.ts - b.ts);
const nav = events.find((e) => e.name === 'navigationStart')?.ts ?? tasks[0]?.ts;
for (const t of tasks) {
  console.log(`TASK at ${((t.ts - nav) / 1000).toFixed(0)} ms, ${(t.dur / 1000).toFixed(0)} ms`);
  const inner = events.filter((e) => e.tid === t.tid && e.ts >= t.ts && e.ts < t.ts + t.dur && e.dur > 3000 && e.name !== 'RunTask');
  for (const e of inner.slice(0, 12)) console.log('   ', e.name, (e.dur / 1000).toFixed(1), JSON.stringify(e.args?.data ?? {}).slice(0, 160));
}
await b.close();
