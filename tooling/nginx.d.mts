export const NGINX: string;
export function ensureNginx(): void;
export function clusterConfig(upstreamPorts: number[], listenPort: number): string;
export function startNginx(upstreamPorts: number[], listenPort: number): Promise<{ url: string; stop(): void }>;
