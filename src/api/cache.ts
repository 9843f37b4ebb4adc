import crypto from 'node:crypto';
import type http from 'node:http';
import { PACKAGE_VERSION } from '../config';
import { type Answer, HttpError, RETRY_AFTER_SATURATED } from './http';

/**
 * What keeps the read API up under load: finished runs never change, so their
 * answers (the JSON shapes and the visual report) are made once and kept, and
 * the expensive part, rendering a report, runs a bounded number at a time.
 */

/** Answers of finished runs by key, least recently used out past `maxBytes`. */
export class AnswerCache {
  private readonly entries = new Map<string, Buffer>();
  private bytes = 0;

  constructor(private readonly maxBytes: number) {}

  get(key: string): Buffer | undefined {
    const entry = this.entries.get(key);
    if (entry) {
      // Map order is insertion order: re-inserting marks it most recently used.
      this.entries.delete(key);
      this.entries.set(key, entry);
    }
    return entry;
  }

  set(key: string, body: Buffer): void {
    if (body.length > this.maxBytes) return;
    const old = this.entries.get(key);
    if (old) this.bytes -= old.length;
    this.entries.delete(key);
    this.entries.set(key, body);
    this.bytes += body.length;
    for (const [oldest, evicted] of this.entries) {
      if (this.bytes <= this.maxBytes) break;
      this.entries.delete(oldest);
      this.bytes -= evicted.length;
    }
  }
}

/** Thrown when every render slot is busy and the queue is full: the API answers 503 with Retry-After. */
export class Saturated extends HttpError {
  override name = 'Saturated';
  constructor() {
    super(503, 'too many reports being rendered; retry shortly', RETRY_AFTER_SATURATED);
  }
}

/**
 * At most `concurrency` renders at once and `queue` waiting for a slot; past
 * that, Saturated. Requests for the same key while it renders share its result.
 */
export class RenderLimit {
  private running = 0;
  private readonly waiting: (() => void)[] = [];
  private readonly inFlight = new Map<string, Promise<Buffer>>();

  constructor(
    private readonly concurrency: number,
    private readonly queue: number,
  ) {}

  run(key: string, render: () => Promise<Buffer>): Promise<Buffer> {
    const shared = this.inFlight.get(key);
    if (shared) return shared;
    if (this.running >= this.concurrency && this.waiting.length >= this.queue) return Promise.reject(new Saturated());
    const rendering = this.slot(render);
    this.inFlight.set(key, rendering);
    const forget = () => this.inFlight.delete(key);
    rendering.then(forget, forget);
    return rendering;
  }

  private async slot(render: () => Promise<Buffer>): Promise<Buffer> {
    if (this.running >= this.concurrency) await new Promise<void>((resolve) => this.waiting.push(resolve));
    else this.running++;
    try {
      return await render();
    } finally {
      // The slot passes straight to the next waiter, or is given back.
      const next = this.waiting.shift();
      if (next) next();
      else this.running--;
    }
  }
}

/** Values remembered for `ttlMs` (at most `maxEntries`, oldest out): what may be a moment stale but is asked for on every request. */
export class Recent<V> {
  private readonly entries = new Map<string, { value: V; until: number }>();

  constructor(
    private readonly ttlMs: number,
    private readonly maxEntries: number,
  ) {}

  get(key: string): V | undefined {
    const entry = this.entries.get(key);
    if (entry && entry.until > Date.now()) return entry.value;
    if (entry) this.entries.delete(key);
    return undefined;
  }

  delete(key: string): void {
    this.entries.delete(key);
  }

  set(key: string, value: V): void {
    this.entries.delete(key);
    this.entries.set(key, { value, until: Date.now() + this.ttlMs });
    if (this.entries.size > this.maxEntries) this.entries.delete(this.entries.keys().next().value!);
  }
}

/**
 * When a burst of requests is over. V8 collects garbage only as it allocates,
 * so a server that falls quiet after a burst keeps the burst's garbage (and its
 * RSS at the burst's peak) for as long as it stays quiet. Counted per window:
 * a window with `busyRequests` or more is busy; the first window with fewer
 * after a busy one says the burst is over, once. A load balancer's health
 * checks, a few a window, keep a server quiet.
 */
export class BurstEnd {
  private requests = 0;
  private busy = false;

  constructor(private readonly busyRequests: number) {}

  request(): void {
    this.requests += 1;
  }

  /** Ends a window: true when it is the first quiet one after a busy one. */
  endWindow(): boolean {
    const busy = this.requests >= this.busyRequests;
    this.requests = 0;
    const ended = this.busy && !busy;
    this.busy = busy;
    return ended;
  }
}

/** Whether the request's If-None-Match names this ETag. */
function notModified(req: http.IncomingMessage, etag: string): boolean {
  const header = req.headers['if-none-match'];
  return header !== undefined && (header.trim() === '*' || header.split(',').some((t) => t.trim().replace(/^W\//, '') === etag));
}

/**
 * An ended run's answer, made once and kept under `cacheKey` (which holds the
 * run's version), served with an ETag so that `If-None-Match` gets a 304.
 */
export async function cachedAnswer(
  cache: AnswerCache,
  req: http.IncomingMessage,
  at: { cacheKey: string; html: boolean; produce: () => Promise<Buffer> },
): Promise<Answer> {
  const { cacheKey, html } = at;
  const etag = `"${crypto.createHash('sha256').update(`${PACKAGE_VERSION}|${cacheKey}`).digest('base64url').slice(0, 27)}"`;
  // Private: the answer depends on the caller's key; no-cache: revalidated (a cheap 304) on every use.
  const headers = { etag, 'cache-control': 'private, no-cache' };
  let body = cache.get(cacheKey);
  // A 304 says the representation exists (`If-None-Match: *` matches any that does, RFC 9110 13.1.2): the JSON
  // answers are made first (cheap, and cached), so a run without fixes is a 404 either way. The report exists
  // for every run runVersion found, so its 304 stays free of rendering.
  if (!body && !html) {
    body = await at.produce();
    cache.set(cacheKey, body);
  }
  if (notModified(req, etag)) return { status: 304, body: null, html, headers };
  if (!body) {
    body = await at.produce();
    cache.set(cacheKey, body);
  }
  return { status: 200, body, html, headers };
}
