#!/usr/bin/env node
// Part of `npm run lint` (docs/decisions/007): no cycles between the feature folders of a package
// (`<package>/src/features/<feature>/`). import-x/no-cycle sees cycles between files; this sees the
// coarser ones that make two features impossible to change or move apart (checkout → event-detail →
// checkout). Imports are read with TypeScript's own pre-processor, type-only imports included.
import { readFileSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const PACKAGES = [
  'shell',
  'storefront',
  'admin-events',
  'admin-tickets',
  'admin-registrations',
  'admin-insights',
  'admin-platform',
  'shared-ui',
];

function sourceFiles(dir) {
  const files = [];
  for (const name of readdirSync(dir)) {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) files.push(...sourceFiles(full));
    else if (/\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name)) files.push(full);
  }
  return files;
}

/** 'checkout' for .../src/features/checkout/use-checkout.ts; undefined outside features/. */
function featureOf(file, featuresDir) {
  const relative = path.relative(featuresDir, file);
  return relative.startsWith('..') ? undefined : relative.split(path.sep)[0];
}

/** Every cycle of the feature graph, each as a path that returns to its start. */
function findCycles(graph) {
  const cycles = [];
  const state = new Map();
  const stack = [];
  const visit = (node) => {
    state.set(node, 'open');
    stack.push(node);
    for (const next of graph.get(node) ?? []) {
      if (state.get(next) === 'open') cycles.push([...stack.slice(stack.indexOf(next)), next]);
      else if (!state.has(next)) visit(next);
    }
    stack.pop();
    state.set(node, 'done');
  };
  for (const node of graph.keys()) if (!state.has(node)) visit(node);
  return cycles;
}

let problems = 0;
for (const pkg of PACKAGES) {
  const featuresDir = path.join(root, pkg, 'src', 'features');
  let files;
  try {
    files = sourceFiles(featuresDir);
  } catch {
    continue; // a package without features/
  }
  const graph = new Map();
  const witness = new Map();
  for (const file of files) {
    const from = featureOf(file, featuresDir);
    const { importedFiles } = ts.preProcessFile(readFileSync(file, 'utf8'), true, true);
    for (const { fileName } of importedFiles) {
      if (!fileName.startsWith('.')) continue;
      const to = featureOf(path.resolve(path.dirname(file), fileName), featuresDir);
      if (!from || !to || from === to) continue;
      if (!graph.has(from)) graph.set(from, new Set());
      graph.get(from).add(to);
      witness.set(`${from}>${to}`, `${path.relative(root, file)} imports '${fileName}'`);
    }
  }
  for (const cycle of findCycles(graph)) {
    problems++;
    console.error(`${pkg}: features import each other in a cycle: ${cycle.join(' → ')}`);
    for (let i = 0; i < cycle.length - 1; i++) console.error(`  ${witness.get(`${cycle[i]}>${cycle[i + 1]}`)}`);
  }
}
if (problems > 0) {
  console.error('\nMove what both need into a feature of its own (or shared-ui), so the imports go one way.');
  process.exit(1);
}
console.log('feature folders: no import cycles');
