// A throwaway PostgreSQL cluster for the tests and benchmarks: Debian's postgresql (installed with
// apt-get when missing, as Chromium is), initdb into a temporary folder, started on a free port with
// its socket in that folder, as an unprivileged user (PostgreSQL refuses root), and removed when
// stopped. `startPostgres()` answers the URL of a database `tdk` owned by the role `tdk`.
import { execFileSync, spawnSync } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { run } from './chromium.mjs';

const PG_ROOT = '/usr/lib/postgresql';

/** The newest installed server's bin folder, or undefined. */
function serverBin() {
  if (!existsSync(PG_ROOT)) return undefined;
  const versions = readdirSync(PG_ROOT)
    .filter((v) => existsSync(path.join(PG_ROOT, v, 'bin', 'initdb')))
    .sort((a, b) => Number(b) - Number(a));
  return versions[0] && path.join(PG_ROOT, versions[0], 'bin');
}

export function ensurePostgres() {
  let bin = serverBin();
  if (bin) return bin;
  if (process.getuid?.() !== 0) {
    throw new Error("PostgreSQL is missing: install Debian's postgresql package (sudo apt-get install -y postgresql)");
  }
  console.log('Installing PostgreSQL from Debian packages…');
  run('apt-get', ['update', '-qq']);
  // Installing the package must not start Debian's own cluster service in a container.
  run('apt-get', ['install', '-y', '-qq', '--no-install-recommends', 'postgresql', 'postgresql-contrib']);
  bin = serverBin();
  if (!bin) throw new Error('PostgreSQL was installed but no initdb was found under /usr/lib/postgresql');
  return bin;
}

/** A TCP port nobody listens on now. */
export function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

/** The most a program's output may be: a benchmark reads a lakh of rows through psql (about 2 MB). */
const OUTPUT_BYTES = 256 * 1024 * 1024;

/** Runs a PostgreSQL program as the unprivileged owner of the cluster (root cannot run the server). */
function asOwner(bin, program, args, options = {}) {
  const command = path.join(bin, program);
  const asRoot = process.getuid?.() === 0;
  const result = asRoot
    ? spawnSync('runuser', ['-u', 'postgres', '--', command, ...args], { encoding: 'utf8', maxBuffer: OUTPUT_BYTES, ...options })
    : spawnSync(command, args, { encoding: 'utf8', maxBuffer: OUTPUT_BYTES, ...options });
  if (result.status !== 0) {
    throw new Error(`${program} ${args.join(' ')} failed (${result.status}): ${result.stderr || result.stdout}`);
  }
  return result.stdout;
}

/**
 * Starts a cluster; returns { url, stop() }. `url` names the database `tdk` of role `tdk`
 * (password `tdk`) on 127.0.0.1. stop() shuts it down and deletes its folder.
 */
export async function startPostgres({ log = false } = {}) {
  const bin = ensurePostgres();
  const asRoot = process.getuid?.() === 0;
  if (asRoot) {
    // Debian's package creates the postgres user; a machine without it gets one.
    if (spawnSync('id', ['-u', 'postgres']).status !== 0) run('useradd', ['--system', '--no-create-home', 'postgres']);
  }
  const dir = mkdtempSync(path.join(tmpdir(), 'tdk-pg-'));
  chmodSync(dir, 0o777);
  const data = path.join(dir, 'data');
  if (asRoot) execFileSync('install', ['-d', '-o', 'postgres', '-m', '700', data]);
  asOwner(bin, 'initdb', ['-D', data, '-U', 'postgres', '--auth=trust', '--no-locale', '--encoding=UTF8', '--no-sync']);
  const port = await freePort();
  // Tuned for tests: no fsync (the cluster is thrown away), enough connections for several
  // instances' pools and a test run's databases.
  const options = [
    `-p ${port}`,
    `-k ${dir}`,
    "-c listen_addresses='127.0.0.1'",
    '-c fsync=off',
    '-c synchronous_commit=off',
    '-c full_page_writes=off',
    '-c max_connections=300',
    '-c shared_buffers=256MB',
  ].join(' ');
  asOwner(bin, 'pg_ctl', ['-D', data, '-o', options, '-l', path.join(dir, 'server.log'), '-w', 'start']);
  const psql = (sql, database = 'postgres') =>
    asOwner(bin, 'psql', [
      '-h',
      dir,
      '-p',
      String(port),
      '-U',
      'postgres',
      '-d',
      database,
      '-v',
      'ON_ERROR_STOP=1',
      '-qAt',
      '-c',
      sql,
    ]);
  psql("CREATE ROLE tdk LOGIN PASSWORD 'tdk' CREATEDB");
  // DROP DATABASE ... WITH (FORCE) in the tests ends sessions of other roles too.
  psql('GRANT pg_signal_backend TO tdk');
  psql('CREATE DATABASE tdk OWNER tdk');
  if (log) console.log(`PostgreSQL ${path.basename(path.dirname(bin))} on 127.0.0.1:${port} (${dir})`);
  let stopped = false;
  return {
    url: `postgres://tdk:tdk@127.0.0.1:${port}/tdk`,
    port,
    dir,
    psql,
    /** A restart as an operator or a crash-recovery would do it: every connection is dropped. */
    restart() {
      asOwner(bin, 'pg_ctl', ['-D', data, '-o', options, '-l', path.join(dir, 'server.log'), '-m', 'fast', '-w', 'restart']);
    },
    stop() {
      if (stopped) return;
      stopped = true;
      try {
        asOwner(bin, 'pg_ctl', ['-D', data, '-m', 'immediate', '-w', 'stop']);
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    },
  };
}

// `node tooling/postgres.mjs -- <command…>`: runs the command with DATABASE_URL set to a fresh cluster.
if (import.meta.url === `file://${process.argv[1]}`) {
  const args = process.argv.slice(2).filter((a) => a !== '--');
  const pg = await startPostgres({ log: true });
  let result;
  try {
    result = spawnSync(args[0], args.slice(1), { stdio: 'inherit', env: { ...process.env, DATABASE_URL: pg.url } });
  } finally {
    pg.stop();
  }
  process.exit(result?.status ?? 1);
}
