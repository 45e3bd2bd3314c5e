import { createServer, type Server } from 'node:http';
import { readFile } from 'node:fs/promises';
import path from 'node:path';

const TYPES: Record<string, string> = { '.js': 'text/javascript', '.json': 'application/json', '.html': 'text/html' };

/** A plain static host on another origin, standing in for the CDN a team deploys a remote to. */
export async function serveFolder(folder: string): Promise<{ url: string; close: () => Promise<void> }> {
  const server: Server = createServer(async (request, response) => {
    const file = path.join(folder, path.normalize(decodeURIComponent(new URL(request.url!, 'http://x').pathname)));
    try {
      const body = await readFile(file);
      response.writeHead(200, {
        'Content-Type': TYPES[path.extname(file)] ?? 'application/octet-stream',
        'Access-Control-Allow-Origin': '*',
      });
      response.end(body);
    } catch {
      response.writeHead(404, { 'Access-Control-Allow-Origin': '*' }).end();
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  return {
    url: `http://127.0.0.1:${port}`,
    // The browser may keep a connection open: close() alone would wait for it until the test's timeout.
    close: () =>
      new Promise((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
