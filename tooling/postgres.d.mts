export function ensurePostgres(): string;
export function freePort(): Promise<number>;
export function startPostgres(options?: { log?: boolean }): Promise<{
  url: string;
  port: number;
  dir: string;
  psql(sql: string, database?: string): string;
  restart(): void;
  stop(): void;
}>;
