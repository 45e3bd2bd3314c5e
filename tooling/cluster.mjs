// The platform as several API instances on one PostgreSQL behind nginx (README, "Run on several
// machines"), on this machine, for the journey and the benchmarks that prove it: a throwaway
// PostgreSQL cluster, N instances started at once (they migrate and seed one at a time), and
// deploy/nginx.conf in front of them. Each instance has its own DATA_DIR, as separate machines
// would; they share DATABASE_URL, SESSION_SECRET, DATA_ENCRYPTION_KEY, RESULTS_SIGNING_KEY, PUBLIC_URL and UPLOADS_DIR.
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ensureApiBuild } from './api-build.mjs';
import { startNginx } from './nginx.mjs';
import { freePort, startPostgres } from './postgres.mjs';

/**
 * PostgreSQL connections for the whole cluster, divided among its instances (README, "Run on several
 * machines"): one PostgreSQL serves its cores best with a few busy connections, not one pool of 10
 * per instance; on these two cores three pools of 10 made every order cost more.
 */
const CLUSTER_CONNECTIONS = 10;
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const api = path.join(root, 'api');

async function healthy(url, child, seconds = 90) {
  for (let i = 0; i < seconds * 10; i++) {
    if (child.exitCode !== null || child.signalCode !== null) {
      throw new Error(`the instance at ${url} exited with ${child.exitCode ?? child.signalCode}`);
    }
    try {
      const res = await fetch(`${url}/api/health`, { signal: AbortSignal.timeout(1000) });
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`the instance at ${url} did not become healthy`);
}

/**
 * Starts PostgreSQL (or uses `postgres`), `instances` API instances and nginx. Returns the public
 * URL (nginx), each instance (its URL, kill(signal)) and stop(). The caller on this machine stands
 * for a load balancer in front of nginx (tooling/nginx.mjs, decision 035): the X-Forwarded-For it
 * sends is each buyer's address; `balancer: false` runs nginx exactly as shipped.
 */
export async function startCluster({ instances = 3, postgres, env = {}, log = false, balancer = true } = {}) {
  const pg = postgres ?? (await startPostgres({ log }));
  const ports = [];
  for (let i = 0; i < instances; i++) ports.push(await freePort());
  const nginxPort = await freePort();
  const publicUrl = `http://127.0.0.1:${nginxPort}`;
  const scratch = mkdtempSync(path.join(tmpdir(), 'tdk-cluster-'));
  const shared = {
    NODE_ENV: 'test',
    PAYMENTS_MODE: 'emulator',
    DATABASE_URL: pg.url,
    SESSION_SECRET: randomBytes(32).toString('hex'),
    // Every instance seals and opens personal data with the same key (decision 030).
    DATA_ENCRYPTION_KEY: randomBytes(32).toString('base64'),
    RESULTS_SIGNING_KEY: randomBytes(32).toString('base64'),
    PUBLIC_URL: publicUrl,
    TRUST_PROXY: 'true',
    UPLOADS_DIR: path.join(scratch, 'uploads'),
    DATABASE_POOL_SIZE: String(Math.max(2, Math.ceil(CLUSTER_CONNECTIONS / instances))),
    ...env,
  };
  // Each instance serves the API's build, as `npm start` does (built first when a source is newer).
  const entry = await ensureApiBuild();
  const started = ports.map((port, i) => {
    // One node process per instance, so that a kill reaches the server itself.
    const child = spawn(process.execPath, [entry], {
      cwd: api,
      env: {
        ...process.env,
        ...shared,
        PORT: String(port),
        HOST: '127.0.0.1',
        DATA_DIR: path.join(scratch, `instance-${i + 1}`),
      },
      stdio: log ? 'inherit' : ['ignore', 'ignore', 'inherit'],
    });
    // kill() resolves once the process has exited, so a caller knows the instance is gone (nothing
    // it serves can answer any more) before it goes on.
    const exited = new Promise((resolve) => child.once('exit', () => resolve()));
    const kill = (signal = 'SIGTERM') => {
      if (child.exitCode === null && child.signalCode === null) child.kill(signal);
      return exited;
    };
    return { url: `http://127.0.0.1:${port}`, port, child, kill };
  });
  const running = (child) => child.exitCode === null && child.signalCode === null;
  const stopAll = () => {
    for (const instance of started) if (running(instance.child)) instance.child.kill('SIGKILL');
  };
  let nginx;
  try {
    await Promise.all(started.map((instance) => healthy(instance.url, instance.child)));
    nginx = await startNginx(ports, nginxPort, balancer ? { balancerAt: '127.0.0.1' } : {});
  } catch (error) {
    stopAll();
    if (!postgres) pg.stop();
    rmSync(scratch, { recursive: true, force: true });
    throw error;
  }
  return {
    url: publicUrl,
    instances: started,
    postgres: pg,
    env: shared,
    async stop() {
      nginx.stop();
      stopAll();
      await Promise.all(
        started.map((instance) =>
          running(instance.child) ? new Promise((resolve) => instance.child.once('exit', resolve)) : undefined,
        ),
      );
      if (!postgres) pg.stop();
      rmSync(scratch, { recursive: true, force: true });
    },
  };
}
