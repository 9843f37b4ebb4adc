import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';

export interface FileServer {
  /** The loopback URL serving `file`. */
  url(file: string): string;
  /** How many times each file name was requested. */
  requests: Map<string, number>;
  close(): Promise<void>;
}

/**
 * Serves local files over HTTP on loopback, the way workers fetch animations.
 * `beforeServe` may hold a request (e.g. to keep a worker inside extraction).
 */
export async function startFileServer(beforeServe?: (name: string, nth: number) => Promise<void>): Promise<FileServer> {
  const files = new Map<string, string>();
  const requests = new Map<string, number>();
  const server = http.createServer((req, res) => {
    const name = decodeURIComponent(new URL(req.url ?? '/', 'http://x').pathname.slice(1));
    const file = files.get(name);
    if (!file) {
      res.writeHead(404).end();
      return;
    }
    const nth = (requests.get(name) ?? 0) + 1;
    requests.set(name, nth);
    void (beforeServe?.(name, nth) ?? Promise.resolve()).then(() => {
      if (res.destroyed) return;
      res.writeHead(200, { 'content-type': 'video/mp4', 'content-length': fs.statSync(file).size });
      fs.createReadStream(file).pipe(res);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url(file) {
      files.set(path.basename(file), file);
      return `http://127.0.0.1:${port}/${encodeURIComponent(path.basename(file))}`;
    },
    requests,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
