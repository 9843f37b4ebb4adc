import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A hostile or broken animation host on loopback: serves files, 404s, stalls,
 * trickles, lies about sizes and redirects. Records every path it was asked for.
 */
export interface FixtureServer {
  url(path: string): string;
  /** Same server, reached through the name `localhost`. */
  localhostUrl(path: string): string;
  requests: string[];
  close(): Promise<void>;
}

export async function startFixtureServer(files: Record<string, string>): Promise<FixtureServer> {
  const requests: string[] = [];
  const open = new Set<http.ServerResponse>();
  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://fixture');
    requests.push(url.pathname);
    open.add(res);
    res.on('close', () => open.delete(res));
    const file = files[url.pathname];
    if (file) {
      res.writeHead(200, { 'content-type': 'video/mp4', 'content-length': fs.statSync(file).size });
      fs.createReadStream(file).pipe(res);
      return;
    }
    switch (url.pathname) {
      case '/redirect':
        res.writeHead(302, { location: url.searchParams.get('to') ?? '/' }).end();
        return;
      case '/stall':
        // Headers and a few bytes, then nothing, with the connection held open.
        res.writeHead(200, { 'content-type': 'video/mp4', 'content-length': 1_000_000 });
        res.write(Buffer.alloc(64));
        return;
      case '/slow': {
        // Never silent for long, never done: only the download's wall-time limit ends it.
        res.writeHead(200, { 'content-type': 'video/mp4' });
        const timer = setInterval(() => res.write(Buffer.alloc(16)), 100);
        res.on('close', () => clearInterval(timer));
        return;
      }
      case '/huge':
        res.writeHead(200, { 'content-type': 'video/mp4', 'content-length': 10_000_000_000 });
        res.end();
        return;
      case '/endless': {
        // Chunked with no length: only the byte limit ends it.
        res.writeHead(200, { 'content-type': 'video/mp4' });
        const chunk = Buffer.alloc(64 * 1024);
        const pump = () => {
          while (res.write(chunk)) {
            if (res.destroyed) return;
          }
        };
        res.on('drain', pump);
        pump();
        return;
      }
      case '/empty':
        res.writeHead(200, { 'content-type': 'video/mp4', 'content-length': 0 }).end();
        return;
      default:
        res.writeHead(404).end('not found');
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: (p) => `http://127.0.0.1:${port}${p}`,
    localhostUrl: (p) => `http://localhost:${port}${p}`,
    requests,
    async close() {
      for (const res of open) res.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
