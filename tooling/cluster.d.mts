import type { ChildProcess } from 'node:child_process';
import type { startPostgres } from './postgres.mjs';

type Postgres = Awaited<ReturnType<typeof startPostgres>>;

export function startCluster(options?: {
  instances?: number;
  postgres?: Postgres;
  env?: Record<string, string>;
  log?: boolean;
  balancer?: boolean;
}): Promise<{
  url: string;
  instances: {
    url: string;
    port: number;
    child: ChildProcess;
    /** Sends `signal` (SIGTERM by default); resolves once the process has exited. */
    kill(signal?: NodeJS.Signals): Promise<void>;
  }[];
  postgres: Postgres;
  env: Record<string, string>;
  stop(): Promise<void>;
}>;
