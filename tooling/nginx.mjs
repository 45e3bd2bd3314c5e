// Debian's nginx in front of several API instances, for the journeys and benchmarks that run the
// platform as a cluster: deploy/nginx.conf itself, with its upstream servers and listen port set to
// the instances' and a free port, in a private prefix (no system files touched), stopped at the end.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { run } from './chromium.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const NGINX = '/usr/sbin/nginx';

export function ensureNginx() {
  if (existsSync(NGINX)) return;
  if (process.getuid?.() !== 0)
    throw new Error("nginx is missing: install Debian's nginx package (sudo apt-get install -y nginx)");
  console.log('Installing nginx from Debian packages…');
  run('apt-get', ['update', '-qq']);
  run('apt-get', ['install', '-y', '-qq', '--no-install-recommends', 'nginx']);
}

/** deploy/nginx.conf with its upstream servers and listen port replaced. */
export function clusterConfig(upstreamPorts, listenPort) {
  const shipped = readFileSync(path.join(root, 'deploy', 'nginx.conf'), 'utf8');
  const servers = upstreamPorts.map((port) => `    server 127.0.0.1:${port} max_fails=3 fail_timeout=10s;`).join('\n');
  const replaced = shipped
    .replace(/(\n {4}server 127\.0\.0\.1:\d+[^\n]*)+/, `\n${servers}`)
    .replace(/listen \d+;/, `listen 127.0.0.1:${listenPort};`);
  if (!replaced.includes(`listen 127.0.0.1:${listenPort};`) || !replaced.includes(servers)) {
    throw new Error('deploy/nginx.conf no longer has the upstream and listen lines this tooling replaces');
  }
  return replaced;
}

/**
 * Starts nginx on `listenPort` in front of `upstreamPorts`; returns { url, stop() }. With
 * `balancerAt` (an address), a client there stands for a load balancer in front of nginx, as
 * deploy/nginx.conf describes (decision 035): nginx takes the client's address from its
 * X-Forwarded-For (the realip module), so the journeys and benchmarks, calling from this machine,
 * can give each buyer an address of its own. Without it, nginx is exactly as shipped: the address
 * is the one it saw, whatever the client sends.
 */
export async function startNginx(upstreamPorts, listenPort, { balancerAt } = {}) {
  ensureNginx();
  const prefix = mkdtempSync(path.join(tmpdir(), 'tdk-nginx-'));
  mkdirSync(path.join(prefix, 'logs'));
  const main = path.join(prefix, 'nginx.conf');
  writeFileSync(path.join(prefix, 'tdk.conf'), clusterConfig(upstreamPorts, listenPort));
  const temp = (name) => `${name}_temp_path ${path.join(prefix, name)};`;
  writeFileSync(
    main,
    [
      'worker_processes auto;',
      'worker_rlimit_nofile 65536;',
      `pid ${path.join(prefix, 'nginx.pid')};`,
      `error_log ${path.join(prefix, 'logs', 'error.log')} warn;`,
      // Every buyer's request holds a connection to the client and one to an instance, and an
      // instance's call to the payments emulator two more: a sale rush needs thousands.
      'events { worker_connections 16384; }',
      'http {',
      `  access_log off;`,
      `  ${temp('client_body')} ${temp('proxy')} ${temp('fastcgi')} ${temp('uwsgi')} ${temp('scgi')}`,
      ...(balancerAt ? [`  set_real_ip_from ${balancerAt};`, '  real_ip_header X-Forwarded-For;'] : []),
      `  include ${path.join(prefix, 'tdk.conf')};`,
      '}',
      '',
    ].join('\n'),
  );
  const test = spawnSync(NGINX, ['-t', '-p', prefix, '-c', main], { encoding: 'utf8' });
  if (test.status !== 0) throw new Error(`nginx -t failed: ${test.stderr}`);
  const child = spawn(NGINX, ['-p', prefix, '-c', main, '-g', 'daemon off;'], { stdio: 'ignore' });
  const url = `http://127.0.0.1:${listenPort}`;
  for (let i = 0; i < 100; i++) {
    if (child.exitCode !== null) throw new Error(`nginx exited with ${child.exitCode}`);
    try {
      await fetch(url, { signal: AbortSignal.timeout(500) });
      break;
    } catch {
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
  return {
    url,
    stop() {
      child.kill('SIGTERM');
      rmSync(prefix, { recursive: true, force: true });
    },
  };
}
