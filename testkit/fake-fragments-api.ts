import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

/** One scripted answer of GET /fragments/{id}: a status, and for 200 whether the animation is rendered yet. */
export type FragmentStep = { status: 200; rendered: boolean } | { status: number };

interface ScriptedFragment {
  steps: FragmentStep[];
  served: number;
}

/**
 * The REST interface's GET /fragments/{fragmentId} on loopback, following the
 * seed's contract: `x-api-key` required (401 otherwise), unknown fragments 404,
 * `{ fragment }` bodies with `animationUrl` null until rendered, `{ error }`
 * bodies on errors. Each fragment answers its script in order and repeats the
 * last step. It also serves the rendered animation file.
 */
export class FakeFragmentsApi {
  readonly apiKey = `fake_${'ab'.repeat(32)}`;
  /** Every request's fragment id, the key it carried and its query. */
  readonly requests: { fragmentId: string; apiKey: string | undefined; query: URLSearchParams }[] = [];
  /** A fragment's own description, instead of the default one. */
  readonly descriptions = new Map<string, string>();
  /** A fragment's generated source files, embedded when the request asks with `includeFiles`. */
  readonly files = new Map<string, unknown>();
  /** Fragments whose answer never ends: its description streams on, without Content-Length, until the client hangs up. */
  readonly endless = new Set<string>();
  private readonly fragments = new Map<string, ScriptedFragment>();
  private server?: http.Server;
  baseUrl = '';

  constructor(private readonly animationFile: string) {}

  async start(): Promise<this> {
    this.server = http.createServer((req, res) => this.handle(req, res));
    await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', resolve));
    this.baseUrl = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}/v1`;
    return this;
  }

  /** The service's variables that point it at this server. */
  get env(): { FRAGMENTS_API_URL: string; FRAGMENTS_API_KEY: string } {
    return { FRAGMENTS_API_URL: this.baseUrl, FRAGMENTS_API_KEY: this.apiKey };
  }

  async stop(): Promise<void> {
    this.server?.closeAllConnections();
    await new Promise<void>((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()));
  }

  /** Defines how a fragment answers, request after request. */
  script(fragmentId: string, ...steps: FragmentStep[]): void {
    this.fragments.set(fragmentId, { steps, served: 0 });
  }

  /** Changes what a fragment answers from now on. */
  render(fragmentId: string): void {
    this.script(fragmentId, { status: 200, rendered: true });
  }

  requestsFor(fragmentId: string): number {
    return this.requests.filter((r) => r.fragmentId === fragmentId).length;
  }

  private handle(req: http.IncomingMessage, res: http.ServerResponse): void {
    const url = new URL(req.url ?? '/', 'http://fake');
    if (url.pathname === '/files/animation.mp4') {
      res.writeHead(200, { 'content-type': 'video/mp4' });
      fs.createReadStream(this.animationFile).pipe(res);
      return;
    }
    const match = /^\/v1\/fragments\/([^/]+)$/.exec(url.pathname);
    if (!match || req.method !== 'GET') return this.json(res, 404, { error: 'not found' });
    const fragmentId = decodeURIComponent(match[1]);
    const apiKey = req.headers['x-api-key'] as string | undefined;
    this.requests.push({ fragmentId, apiKey, query: url.searchParams });
    if (apiKey !== this.apiKey) return this.json(res, 401, { error: 'missing or invalid API key' });
    const fragment = this.fragments.get(fragmentId);
    if (!fragment) return this.json(res, 404, { error: 'fragment not found' });
    const step = fragment.steps[Math.min(fragment.served, fragment.steps.length - 1)];
    fragment.served += 1;
    if (step.status !== 200) return this.json(res, step.status, { error: `scripted HTTP ${step.status}` });
    const rendered = 'rendered' in step && step.rendered;
    const now = new Date().toISOString();
    (this.endless.has(fragmentId) ? this.endlessly : this.json).call(this, res, 200, {
      fragment: {
        id: fragmentId,
        messageId: `message-${fragmentId}`,
        projectId: 'project-1',
        title: 'Pythagoras',
        description: this.descriptions.get(fragmentId) ?? 'a^2 + b^2 = c^2, shown with squares on each side',
        sandboxUrl: `${this.origin()}/sandbox/${fragmentId}`,
        animationUrl: rendered ? `${this.origin()}/files/animation.mp4` : null,
        thumbnailUrl: `${this.origin()}/thumbnails/${fragmentId}.png`,
        vtpUrl: `${this.origin()}/vtp/${fragmentId}`,
        vtkManifestUrl: `${this.origin()}/vtk/${fragmentId}.json`,
        createdAt: now,
        updatedAt: now,
        messageCreatedAt: now,
        public: false,
        ...(['1', 'true'].includes(url.searchParams.get('includeFiles') ?? '') && this.files.has(fragmentId)
          ? { files: this.files.get(fragmentId) }
          : {}),
      },
    });
  }

  private origin(): string {
    return this.baseUrl.replace(/\/v1$/, '');
  }

  /** The answer up to its description, then the description for ever, as fast as the client reads it. */
  private endlessly(res: http.ServerResponse, status: number, body: unknown): void {
    const json = JSON.stringify(body);
    res.writeHead(status, { 'content-type': 'application/json' });
    res.write(json.slice(0, json.indexOf('"description":"') + '"description":"'.length));
    const chunk = 'x'.repeat(64 * 1024);
    const more = () => {
      while (!res.destroyed && res.write(chunk));
    };
    res.on('drain', more);
    more();
  }

  private json(res: http.ServerResponse, status: number, body: unknown): void {
    res.writeHead(status, { 'content-type': 'application/json' });
    res.end(JSON.stringify(body));
  }
}
