import { chromium } from '@playwright/test';
const url = process.argv[2];
const b = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox'] });
const ctx = await b.newContext({ viewport: { width: 412, height: 823 } });
const p = await ctx.newPage();
const cdp = await ctx.newCDPSession(p);
await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
await cdp.send('Profiler.enable'); await cdp.send('Profiler.setSamplingInterval', { interval: 100 });
await cdp.send('Profiler.start');
await p.goto(url); await p.waitForTimeout(4000);
const { profile } = await cdp.send('Profiler.stop');
const byId = new Map(profile.nodes.map(n => [n.id, n]));
const parent = new Map(); for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
// runs of non-idle samples
let t = profile.startTime; const runs = []; let cur = null;
profile.samples.forEach((id, i) => { t += profile.timeDeltas[i]; const idle = byId.get(id).callFrame.functionName === '(idle)';
  if (!idle) { if (!cur) cur = { start: t, end: t, ids: [] }; cur.end = t; cur.ids.push([id, profile.timeDeltas[i]]); } else if (cur && t - cur.end > 2000) { runs.push(cur); cur = null; } });
if (cur) runs.push(cur);
runs.sort((a, b) => (b.end - b.start) - (a.end - a.start));
for (const r of runs.slice(0, 3)) {
  console.log('RUN', ((r.start - profile.startTime) / 1000).toFixed(0), 'ms, length', ((r.end - r.start) / 1000).toFixed(0));
  const incl = new Map();
  for (const [id, dt] of r.ids) { const seen = new Set(); let c = id; let depth = 0; while (c) { const n = byId.get(c); const k = `${n.callFrame.functionName || '(anon)'} ${n.callFrame.url.split('/').pop()}:${n.callFrame.columnNumber}`; if (!seen.has(k)) { incl.set(k, (incl.get(k) ?? 0) + dt); seen.add(k); } c = parent.get(c); } }
  [...incl].sort((a, b) => b[1] - a[1]).slice(0, 30).forEach(([k, v]) => console.log((v / 1000).toFixed(1).padStart(8), k));
}
await b.close();
