export const NGINX: string;
export function ensureNginx(): void;
export function clusterConfig(upstreamPorts: number[], listenPort: number): string;
export function startNginx(
  upstreamPorts: number[],
  listenPort: number,
  options?: { balancerAt?: string },
): Promise<{ url: string; stop(): void }>;
