import fs from 'node:fs';
import path from 'node:path';
import type pg from 'pg';

export interface FrameCacheOptions {
  dir: string;
  /** The cache's bound in bytes (EVALS_FRAME_CACHE_MB); 0: no local cache. */
  maxBytes: number;
}

/** A temp file this old was left by a write that died (a write takes milliseconds). */
const STALE_TMP_MS = 60_000;

/**
 * Frame images by key. PostgreSQL is the shared copy (any worker of the fleet
 * can load any run's frames), each blob tied to its pipeline run; a local
 * directory caches what this host has seen, bounded in size, least recently
 * used out.
 */
export class FrameStore {
  /** Cached files by name, least recently used first, with their sizes. */
  private readonly cached = new Map<string, number>();
  private cachedBytes = 0;
  private scanned: Promise<void> | undefined;

  constructor(
    private readonly pool: pg.Pool,
    private readonly cache: FrameCacheOptions,
  ) {}

  private fileOf(key: string): string {
    return key.replace(/[^A-Za-z0-9._-]/g, '_');
  }

  async put(pipelineRunId: string, key: string, content: Buffer, contentType = 'image/jpeg'): Promise<void> {
    const inserted = await this.pool.query(
      'INSERT INTO frame_blobs (storage_key, pipeline_run_id, content_type, content) VALUES ($1, $2, $3, $4) ON CONFLICT (storage_key) DO NOTHING',
      [key, pipelineRunId, contentType, content],
    );
    // An earlier attempt's frame stands: the shared copy is the one every worker must see.
    if (inserted.rowCount === 1) await this.writeCache(key, content);
  }

  async get(key: string): Promise<Buffer> {
    const cached = await this.readCache(key);
    if (cached) return cached;
    const result = await this.pool.query<{ content: Buffer }>('SELECT content FROM frame_blobs WHERE storage_key = $1', [key]);
    if (result.rowCount === 0) throw new Error(`frame ${key} is missing from the frame store`);
    const content = result.rows[0].content;
    await this.writeCache(key, content);
    return content;
  }

  private async readCache(key: string): Promise<Buffer | null> {
    if (this.cache.maxBytes === 0) return null;
    await this.scan();
    const file = this.fileOf(key);
    const cached = path.join(this.cache.dir, file);
    try {
      const content = await fs.promises.readFile(cached);
      this.touch(file, content.length);
      // The modification time orders the files for the next process on this directory.
      const now = new Date();
      await fs.promises.utimes(cached, now, now).catch(() => undefined);
      return content;
    } catch {
      // Not on this host yet, or another process sharing the directory evicted it.
      this.forget(file);
      return null;
    }
  }

  private async writeCache(key: string, content: Buffer): Promise<void> {
    if (this.cache.maxBytes === 0 || content.length > this.cache.maxBytes) return;
    await this.scan();
    const file = this.fileOf(key);
    try {
      // Again each time: an operator may have emptied the data dir under a running worker.
      await fs.promises.mkdir(this.cache.dir, { recursive: true });
      const target = path.join(this.cache.dir, file);
      // Write then rename so a concurrent reader never sees half a file.
      const tmp = `${target}.${process.pid}.tmp`;
      await fs.promises.writeFile(tmp, content);
      await fs.promises.rename(tmp, target);
      this.touch(file, content.length);
      await this.evict();
    } catch {
      // The cache is an optimisation; PostgreSQL holds the frame.
    }
  }

  /** Marks a file most recently used. */
  private touch(file: string, size: number): void {
    this.forget(file);
    this.cached.set(file, size);
    this.cachedBytes += size;
  }

  private forget(file: string): void {
    const size = this.cached.get(file);
    if (size === undefined) return;
    this.cached.delete(file);
    this.cachedBytes -= size;
  }

  private async evict(): Promise<void> {
    for (const [file] of this.cached) {
      if (this.cachedBytes <= this.cache.maxBytes) return;
      this.forget(file);
      await fs.promises.rm(path.join(this.cache.dir, file), { force: true });
    }
  }

  /**
   * Once per process: learns what the directory already holds (a restarted
   * worker's frames, oldest first by modification time), drops temp files of
   * writes that died, and evicts down to this process's bound.
   */
  private scan(): Promise<void> {
    this.scanned ??= (async () => {
      await fs.promises.mkdir(this.cache.dir, { recursive: true });
      const found: { file: string; size: number; mtimeMs: number }[] = [];
      for (const file of await fs.promises.readdir(this.cache.dir)) {
        const stat = await fs.promises.stat(path.join(this.cache.dir, file)).catch(() => null);
        if (!stat?.isFile()) continue;
        if (file.endsWith('.tmp')) {
          if (Date.now() - stat.mtimeMs > STALE_TMP_MS) await fs.promises.rm(path.join(this.cache.dir, file), { force: true });
        } else found.push({ file, size: stat.size, mtimeMs: stat.mtimeMs });
      }
      for (const f of found.sort((a, b) => a.mtimeMs - b.mtimeMs)) this.touch(f.file, f.size);
      await this.evict();
    })().catch(() => undefined);
    return this.scanned;
  }
}
