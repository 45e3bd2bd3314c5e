#!/usr/bin/env node
// `npm run bench`: builds the frontends (unless --skip-build), runs every benchmark in turn (each
// starts the platform on a temp data folder of its own) and writes one table of figures against
// their budgets (budgets.mjs): results/latest.json and results/latest.md, and exits non-zero when a
// figure misses its budget, a benchmark gives none, or one exits non-zero after recording its
// figures (a check after the measurement failed, or it crashed: DESIGN.md section 7). `npm run bench --
// lighthouse` runs only the benchmarks whose file name contains the word.
import { spawnSync } from 'node:child_process';
import { mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { repoRoot, resultsDir } from './support.mjs';

const here = import.meta.dirname;
const args = process.argv.slice(2);
const only = args.find((arg) => !arg.startsWith('--'));
const benches = readdirSync(here)
  .filter((f) => f.endsWith('.mjs') && !['run.mjs', 'support.mjs', 'hello-server.mjs', 'budgets.mjs'].includes(f))
  .filter((b) => !only || b.includes(only));

if (!args.includes('--skip-build')) {
  const build = spawnSync(
    process.execPath,
    [path.join(repoRoot, 'tooling', 'pnpm.mjs'), '-r', '--workspace-concurrency=1', 'run', 'build'],
    {
      cwd: repoRoot,
      stdio: 'inherit',
    },
  );
  if (build.status !== 0) process.exit(build.status ?? 1);
}

rmSync(path.join(resultsDir, 'parts'), { recursive: true, force: true });
mkdirSync(path.join(resultsDir, 'parts'), { recursive: true });
const exits = {};
for (const bench of benches) {
  console.log(`\n## ${bench}`);
  const result = spawnSync(process.execPath, [path.join(here, bench)], { stdio: 'inherit' });
  // Killed by a signal, a benchmark has no status: its signal's name says what ended it.
  exits[bench] = result.status ?? result.signal ?? result.error?.message ?? 'unknown';
}

const parts = readdirSync(path.join(resultsDir, 'parts'))
  .filter((f) => f.endsWith('.json'))
  .map((f) => JSON.parse(readFileSync(path.join(resultsDir, 'parts', f), 'utf8')));
const rows = parts.flatMap(({ bench, rows: figures }) => figures.map((row) => ({ bench, ...row })));
const missing = benches.filter((bench) => !parts.some((part) => `${part.bench}.mjs` === bench));
// Figures recorded, then a non-zero exit: the figures stand in the table, and the benchmark fails.
const failedAfterFigures = benches.filter((bench) => exits[bench] !== 0 && !missing.includes(bench));
const summary = {
  at: new Date().toISOString(),
  machine: `${process.platform} ${process.arch}, Node ${process.version}`,
  met: rows.filter((row) => row.pass === true).length,
  missed: rows.filter((row) => row.pass === false).length,
  benchesWithoutFigures: missing.map((bench) => ({ bench, exit: exits[bench] })),
  benchesFailedAfterFigures: failedAfterFigures.map((bench) => ({ bench, exit: exits[bench] })),
  rows,
};
const failedBenches = missing.length + failedAfterFigures.length;
writeFileSync(path.join(resultsDir, 'latest.json'), `${JSON.stringify(summary, null, 2)}\n`);
const cell = (text) => String(text).replaceAll('|', '\\|');
const markdown = [
  `# npm run bench, ${summary.at}`,
  '',
  `${summary.met} met, ${summary.missed} missed${failedBenches > 0 ? `, ${failedBenches} benchmark(s) failed` : ''}. ${summary.machine}.`,
  '',
  '| bench | figure | budget | measured | |',
  '|---|---|---|---|---|',
  ...parts.flatMap(({ bench, rows: figures }) => [
    ...figures.map(
      (row) =>
        `| ${cell(bench)} | ${cell(row.figure)} | ${cell(row.budget)} | ${cell(row.measured)} | ${row.pass === null ? '' : row.pass ? 'met' : '**missed**'} |`,
    ),
    // Below a benchmark's figures, its non-zero exit.
    ...(failedAfterFigures.includes(`${bench}.mjs`)
      ? [`| ${cell(bench)} | (exited ${exits[`${bench}.mjs`]} after recording its figures) | | | **failed** |`]
      : []),
  ]),
  ...missing.map((bench) => `| ${bench} | (no figures: exited ${exits[bench]}) | | | **missed** |`),
  '',
].join('\n');
writeFileSync(path.join(resultsDir, 'latest.md'), markdown);
console.log(`\n${markdown}`);
console.log(`Written to ${path.relative(repoRoot, resultsDir)}/latest.json and latest.md`);
if (summary.missed > 0 || failedBenches > 0) process.exitCode = 1;
