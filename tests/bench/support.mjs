// Shared pieces of the benchmarks: starting the platform's API on a temp data folder, and a small
// keep-alive HTTP load generator (no dependency beyond Node).
import { spawn, spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import http from 'node:http';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ensureApiBuild } from '../../tooling/api-build.mjs';

export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
export const apiDir = path.join(repoRoot, 'api');

export async function waitForHealth(url, timeoutMs = 60_000) {
  const start = Date.now();
  while (Date.now() - start < timeoutMs) {
    try {
      const response = await fetch(url);
      if (response.ok) return;
    } catch {
      // not up yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`${url} did not answer within ${timeoutMs} ms`);
}

/**
 * Starts the API as `npm start` serves it (its build, api/dist/server.js, built first when a source
 * is newer) on a fresh DATA_DIR; resolves once /api/health answers.
 */
export async function startApi({ port, env = {} }) {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'tdk-bench-'));
  const entry = await ensureApiBuild();
  const child = spawn(process.execPath, [entry], {
    cwd: apiDir,
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, NODE_ENV: 'test', ...env },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  // Never leave a server behind, whatever way this benchmark ends.
  process.once('exit', () => child.kill('SIGTERM'));
  await waitForHealth(`http://127.0.0.1:${port}/api/health`);
  return { dataDir, pid: child.pid, baseUrl: `http://127.0.0.1:${port}`, stop: () => child.kill('SIGTERM') };
}

/**
 * Keeps `connections` requests in flight for `seconds` and reports requests per second and
 * latency percentiles. Bounded in count and time, loopback only.
 */
export async function load(url, { connections = 50, seconds = 8, headers = {} } = {}) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: connections });
  const latencies = [];
  let errors = 0;
  const deadline = Date.now() + seconds * 1000;

  const once = () =>
    new Promise((resolve) => {
      const started = process.hrtime.bigint();
      const request = http.get(url, { agent, headers }, (response) => {
        response.resume();
        response.on('end', () => {
          if (response.statusCode !== 200) errors += 1;
          latencies.push(Number(process.hrtime.bigint() - started) / 1e6);
          resolve();
        });
      });
      request.on('error', () => {
        errors += 1;
        resolve();
      });
    });

  const worker = async () => {
    while (Date.now() < deadline) await once();
  };
  const started = Date.now();
  await Promise.all(Array.from({ length: connections }, worker));
  const elapsed = (Date.now() - started) / 1000;
  agent.destroy();
  latencies.sort((a, b) => a - b);
  const pct = (p) => latencies[Math.min(latencies.length - 1, Math.floor(latencies.length * p))] ?? NaN;
  return { requests: latencies.length, rps: latencies.length / elapsed, p50: pct(0.5), p99: pct(0.99), errors };
}

// The benches' JSON requests go through one keep-alive agent (node:http, lighter than fetch): a load
// generator's own cost is part of what a timed request waits for on these shared cores, so it is
// kept small.
const agent = new http.Agent({ keepAlive: true, maxSockets: 256 });

/**
 * One JSON request as a browser at `address` (behind TRUST_PROXY) makes it: status, parsed body (or
 * the text) and set-cookie. `jar` (a Map) sends and keeps the browser's cookies.
 */
export function call(base, method, url, options = {}, retried = false) {
  const { body, jar, address = '127.0.0.9', headers = {} } = options;
  const cookie = jar && jar.size > 0 ? [...jar].map(([k, v]) => `${k}=${v}`).join('; ') : undefined;
  const payload = body === undefined ? undefined : JSON.stringify(body);
  return new Promise((resolve, reject) => {
    const req = http.request(
      `${base}${url}`,
      {
        method,
        agent,
        headers: {
          'content-type': 'application/json',
          origin: base,
          'x-forwarded-for': address,
          ...(cookie && { cookie }),
          ...(payload !== undefined && { 'content-length': Buffer.byteLength(payload) }),
          ...headers,
        },
      },
      (res) => {
        const chunks = [];
        res.on('data', (chunk) => chunks.push(chunk));
        res.on('error', reject);
        res.on('end', () => {
          const setCookies = res.headers['set-cookie'] ?? [];
          if (jar) {
            for (const line of setCookies) {
              const [pair] = line.split(';');
              const at = pair.indexOf('=');
              jar.set(pair.slice(0, at), pair.slice(at + 1));
            }
          }
          const text = Buffer.concat(chunks).toString('utf8');
          let json;
          try {
            json = JSON.parse(text);
          } catch {
            json = text;
          }
          resolve({ status: res.statusCode, body: json, cookie: setCookies.join(', ') || null });
        });
      },
    );
    req.on('error', (error) => {
      // A kept-alive connection the server closed as this request went out: nothing reached it.
      if (req.reusedSocket && error.code === 'ECONNRESET' && !retried) {
        resolve(call(base, method, url, options, true));
      } else reject(error);
    });
    req.end(payload);
  });
}

export const resultsDir = path.join(path.dirname(fileURLToPath(import.meta.url)), 'results');

/**
 * One benchmark's figures for `npm run bench`'s table (run.mjs gathers them into
 * results/latest.json and latest.md). A row: what was measured, its budget in words, the
 * measurement in words, and whether it met the budget (null when the figure has no budget).
 */
export function record(bench, rows) {
  mkdirSync(path.join(resultsDir, 'parts'), { recursive: true });
  writeFileSync(path.join(resultsDir, 'parts', `${bench}.json`), `${JSON.stringify({ bench, rows }, null, 2)}\n`);
}

/** Resident memory of processes, MB (Linux /proc). */
export const rssMb = (pids) =>
  pids.reduce((sum, pid) => {
    const match = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return sum + (match ? Number(match[1]) / 1024 : 0);
  }, 0);

export const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

export { CHROMIUM, CHROMIUM_FLAGS } from '../../tooling/chromium.mjs';

/**
 * Runs a TypeScript benchmark beside this file through the API's tsx, from the API's folder so
 * it imports the API's services as the API does, and exits with its status.
 */
export function runTypeScriptBench(file, { nodeOptions = '' } = {}) {
  const result = spawnSync(
    path.join(apiDir, 'node_modules', '.bin', 'tsx'),
    [path.join(path.dirname(fileURLToPath(import.meta.url)), file)],
    {
      cwd: apiDir,
      stdio: 'inherit',
      env: { ...process.env, NODE_OPTIONS: `${process.env.NODE_OPTIONS ?? ''} ${nodeOptions}`.trim() },
    },
  );
  process.exit(result.status ?? 1);
}

/**
 * Runs a TypeScript benchmark as runTypeScriptBench does, with `env` over this process's
 * environment (a variable set to undefined is removed), and answers its exit status instead of
 * exiting: for a benchmark that runs its .ts more than once (on each database engine).
 */
export function spawnTypeScriptBench(file, { nodeOptions = '', env = {} } = {}) {
  const childEnv = { ...process.env, NODE_OPTIONS: `${process.env.NODE_OPTIONS ?? ''} ${nodeOptions}`.trim() };
  for (const [name, value] of Object.entries(env)) {
    if (value === undefined) delete childEnv[name];
    else childEnv[name] = value;
  }
  const result = spawnSync(
    path.join(apiDir, 'node_modules', '.bin', 'tsx'),
    [path.join(path.dirname(fileURLToPath(import.meta.url)), file)],
    { cwd: apiDir, stdio: 'inherit', env: childEnv },
  );
  return result.status ?? 1;
}
